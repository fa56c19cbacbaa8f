import type { PageInfo } from '@portal/contracts/envelope';

/** The pageInfo of a paged answer (pageNumber starts at 1). */
export function pageInfo(pageNumber: number, pageSize: number, totalCount: number): PageInfo {
  return { pageNumber, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}

/** An ILIKE pattern that finds `search` anywhere, with its own % and _ taken literally. */
export function containsPattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}
