import type { PageInfo, PagedEnvelope } from '@portal/contracts/envelope';
import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** The pageInfo of a paged answer (pageNumber starts at 1). */
export function pageInfo(pageNumber: number, pageSize: number, totalCount: number): PageInfo {
  return { pageNumber, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}

/** The rows a page skips: the OFFSET of page `pageNumber` (starting at 1) of `pageSize` rows. */
export function pageOffset(pageNumber: number, pageSize: number): number {
  return (pageNumber - 1) * pageSize;
}

/** The answer of a paged list: one page of rows and where it sits in the whole. */
export function paged<T>(
  { rows, total }: { rows: T[]; total: number },
  pageNumber: number,
  pageSize: number,
): PagedEnvelope<T> {
  return { success: true, data: rows, pageInfo: pageInfo(pageNumber, pageSize, total) };
}

/** An ILIKE pattern that finds `search` anywhere, with its own % and _ taken literally. */
export function containsPattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** A list's search: `search` as a case-insensitive substring of any of `columns`; no filter without one. */
export function matchesAny(search: string | undefined, columns: (Column | SQL)[]): SQL | undefined {
  const pattern = containsPattern(search);
  return pattern ? or(...columns.map((column) => ilike(column, pattern))) : undefined;
}
