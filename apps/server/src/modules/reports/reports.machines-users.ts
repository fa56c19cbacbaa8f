import { sql } from 'drizzle-orm';
import type { MachineReportRow, UserReportRow } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type DbTimestamp, isoOf, pageWindow } from './reports.rows';
import { accountIn, type ReportScope, tenantIs } from './reports.scope';

// Both views read the kept counts of report_stats (one row per account and machine), never jobs:
// a tenant's few hundred rows instead of its 100,000 jobs (decision 018). The window count gives
// the number of groups with the page; a page past the end counts apart.

interface Paged<T> {
  items: T[];
  totalCount: number;
}

interface LastJob {
  job_count: number;
  last_job_start_date: DbTimestamp | null;
  last_job_end_date: DbTimestamp | null;
  total_count: number;
}

/** The last job's dates, as ISO text from PostgreSQL: no Date made and formatted per row here. */
const LAST_JOB_DATES = sql.raw(
  ['start', 'end']
    .map(
      (end) =>
        `to_char(MAX(rs.last_job_${end}_date) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_job_${end}_date`,
    )
    .join(', '),
);

/** Machine view: the machines the scope's accounts ran jobs on, newest last job first. */
export async function machineReport(
  db: Database,
  reader: ReportScope,
  page: { pageNumber: number; pageSize: number },
): Promise<Paged<MachineReportRow>> {
  const { limit, offset } = pageWindow(page.pageNumber, page.pageSize);
  const answer: unknown = await db.execute(sql`
    SELECT m.id, m.name, m.blocked_at IS NOT NULL AS blocked,
      SUM(rs.job_count)::int AS job_count,
      SUM(rs.mailbox_count)::int AS mailbox_count,
      ${LAST_JOB_DATES},
      COUNT(*) OVER ()::int AS total_count,
      -- A subplan not in the ORDER BY: PostgreSQL runs it after the LIMIT, on the page's rows only.
      (SELECT count(*) FROM machine_bindings b WHERE b.tenant_id = rs.tenant_id AND b.machine_id = rs.machine_id)::int AS bound_count
    FROM report_stats rs
    JOIN machines m ON m.tenant_id = rs.tenant_id AND m.id = rs.machine_id
    WHERE ${tenantIs(reader, 'rs.tenant_id')} AND ${accountIn(reader, 'rs.account_id')}
    GROUP BY rs.tenant_id, rs.machine_id, m.id, m.name, m.blocked_at
    ORDER BY MAX(rs.last_job_start_date) DESC NULLS LAST, m.name, rs.tenant_id, rs.machine_id
    LIMIT ${limit} OFFSET ${offset}`);
  const rows = rowsOf<
    LastJob & { id: string; name: string; mailbox_count: number; blocked: boolean; bound_count: number }
  >(answer);
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    jobCount: row.job_count,
    lastJobStartDate: isoOf(row.last_job_start_date),
    lastJobEndDate: isoOf(row.last_job_end_date),
    accountCount: row.mailbox_count,
    boundUnitCount: row.bound_count,
    blocked: row.blocked,
  }));
  return { items, totalCount: rows[0]?.total_count ?? (await pastTheEnd(db, reader, offset, 'machine_id')) };
}

/** User view: the scope's accounts that ran jobs, newest last job first. */
export async function userReport(
  db: Database,
  reader: ReportScope,
  page: { pageNumber: number; pageSize: number },
): Promise<Paged<UserReportRow>> {
  const { limit, offset } = pageWindow(page.pageNumber, page.pageSize);
  const answer: unknown = await db.execute(sql`
    SELECT a.id, a.name, a.email,
      SUM(rs.job_count)::int AS job_count,
      ${LAST_JOB_DATES},
      COUNT(*) OVER ()::int AS total_count
    FROM report_stats rs
    JOIN accounts a ON a.id = rs.account_id
    WHERE ${tenantIs(reader, 'rs.tenant_id')} AND ${accountIn(reader, 'rs.account_id')}
    GROUP BY rs.tenant_id, a.id, a.name, a.email
    ORDER BY MAX(rs.last_job_start_date) DESC NULLS LAST, a.name, a.id
    LIMIT ${limit} OFFSET ${offset}`);
  const rows = rowsOf<LastJob & { id: string; name: string; email: string }>(answer);
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    jobCount: row.job_count,
    lastJobStartDate: isoOf(row.last_job_start_date),
    lastJobEndDate: isoOf(row.last_job_end_date),
  }));
  return { items, totalCount: rows[0]?.total_count ?? (await pastTheEnd(db, reader, offset, 'account_id')) };
}

/** The number of groups when the page came back empty: 0 on the first page, else counted. */
async function pastTheEnd(
  db: Database,
  reader: ReportScope,
  offset: number,
  groupBy: 'machine_id' | 'account_id',
): Promise<number> {
  if (offset === 0) return 0;
  const answer: unknown = await db.execute(sql`
    SELECT COUNT(DISTINCT (rs.tenant_id, rs.${sql.raw(groupBy)}))::int AS total_count
    FROM report_stats rs
    WHERE ${tenantIs(reader, 'rs.tenant_id')} AND ${accountIn(reader, 'rs.account_id')}`);
  return rowsOf<{ total_count: number }>(answer)[0]?.total_count ?? 0;
}
