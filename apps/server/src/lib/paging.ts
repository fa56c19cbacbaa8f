import type { PageInfo } from '@portal/contracts/envelope';

/** The pageInfo of a paged answer (pageNumber starts at 1). */
export function pageInfo(pageNumber: number, pageSize: number, totalCount: number): PageInfo {
  return { pageNumber, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}

/**
 * The total of a query that selected `count(*) over ()` as `total`: read off the first row, or
 * counted again when a page past the end came back empty.
 */
export async function totalOf(
  rows: readonly { total: number }[],
  offset: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return rows[0]?.total ?? 0;
  return offset > 0 ? count() : 0;
}

/** An ILIKE pattern that finds `search` anywhere, with its own % and _ taken literally. */
export function containsPattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}
