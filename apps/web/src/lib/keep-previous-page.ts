import type { QueryKey } from '@tanstack/react-query';

/** What moves through one list without changing which rows belong to it. */
const PAGING_FIELDS = new Set(['pageNumber', 'pageSize', 'sort', 'sortBy', 'sortOrder']);

/** The list a key asks for: the key without its paging fields (its last part holds the params). */
function listOf(key: QueryKey): string {
  const params = key.at(-1);
  if (typeof params !== 'object' || params === null) return JSON.stringify(key);
  const filters = Object.entries(params)
    .filter(([name, value]) => !PAGING_FIELDS.has(name) && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([...key.slice(0, -1), filters]);
}

/**
 * The placeholder of a paged list's query: paging or sorting keeps the current rows on screen
 * (dimmed) until the next ones arrive, but a new filter or search does not. The rows of another
 * filter do not match it, so the table shows its loading state, then the new rows or the failure,
 * never the previous rows as if they were current.
 */
export function keepPreviousPage(queryKey: QueryKey) {
  const list = listOf(queryKey);
  return <T>(previous: T | undefined, previousQuery: { queryKey: QueryKey } | undefined): T | undefined =>
    previousQuery && listOf(previousQuery.queryKey) === list ? previous : undefined;
}
