import { FINAL_STATUSES, type MigrationStatus, type ReportCounters } from '@portal/contracts/reports';
import { pageOffset } from '../../core/paging';

/** A timestamp as both drivers answer a raw query (`2026-11-21 09:00:00.123456+00`), or a Date. */
export type DbTimestamp = string | Date;

/** The counter columns every job, mailbox and folder row carries, as the database names them. */
export interface CounterColumns {
  total_items: number;
  migrated_items: number;
  failed_items: number;
  filtered_items: number;
  skipped_items: number;
  status: string;
  start_date: DbTimestamp;
  end_date: DbTimestamp | null;
  error_message: string | null;
}

/**
 * A timestamp as ISO 8601 text in UTC, formatted by PostgreSQL: a page of 500 folders has 1,000
 * dates, and formatting them in the database costs nothing where parsing them here cost 1.4 ms.
 */
const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column.split('.').pop() ?? column}`;

/** The SQL list of those columns under a table alias (every view reads the same ones). */
export const counterColumns = (alias: string) =>
  [
    // 64-bit on jobs and mailboxes: as float8 both drivers answer a JavaScript number (exact to 2^53).
    `${alias}.total_items::float8 AS total_items`,
    `${alias}.migrated_items::float8 AS migrated_items`,
    `${alias}.failed_items::float8 AS failed_items`,
    `${alias}.filtered_items::float8 AS filtered_items`,
    `${alias}.skipped_items::float8 AS skipped_items`,
    `${alias}.status`,
    isoText(`${alias}.start_date`),
    isoText(`${alias}.end_date`),
    `${alias}.error_message`,
  ].join(', ');

/** ISO 8601 in UTC. PostgreSQL's text form is turned into one Date.parse accepts (`+00` → `+00:00`). */
export function isoOf(value: DbTimestamp): string;
export function isoOf(value: DbTimestamp | null): string | null;
export function isoOf(value: DbTimestamp | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (value.endsWith('Z')) return value;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}

const FINAL: ReadonlySet<string> = new Set(FINAL_STATUSES);

/**
 * How far a job, mailbox or folder got, in percent with two decimals (decision 018): items dealt
 * with (migrated, failed, filtered or skipped with a reason: decision 044) over the total, at most 100. With no items it is done (100)
 * once its status is final, else not started (0). The one rule of the views and the PDF.
 */
export function completionPercentage(
  counters: {
    totalItems: number;
    migratedItems: number;
    failedItems: number;
    filteredItems: number;
    skippedItems?: number;
  },
  status: string,
): number {
  if (counters.totalItems <= 0) return FINAL.has(status) ? 100 : 0;
  const done = counters.migratedItems + counters.failedItems + counters.filteredItems + (counters.skippedItems ?? 0);
  return Math.min(100, Math.round((done / counters.totalItems) * 10_000) / 100);
}

/** The shared fields of a report row, from its columns. */
export function countersOf(row: CounterColumns): ReportCounters {
  const items = {
    totalItems: row.total_items,
    migratedItems: row.migrated_items,
    failedItems: row.failed_items,
    filteredItems: row.filtered_items,
    skippedItems: row.skipped_items,
  };
  return {
    ...items,
    completionPercentage: completionPercentage(items, row.status),
    status: row.status as MigrationStatus,
    startDate: isoOf(row.start_date),
    endDate: isoOf(row.end_date),
    errorMessage: row.error_message,
  };
}

/** The LIMIT and OFFSET of a page (pageNumber starts at 1). */
export const pageWindow = (pageNumber: number, pageSize: number) => ({
  limit: pageSize,
  offset: pageOffset(pageNumber, pageSize),
});
