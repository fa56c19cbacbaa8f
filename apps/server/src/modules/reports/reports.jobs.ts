import { type SQL, sql } from 'drizzle-orm';
import type { JobReportRow } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { readScope } from '../../core/scope';
import type { Principal } from '../../core/session';
import { type CounterColumns, counterColumns, countersOf, pageWindow } from './reports.rows';
import { accountIn, readableAccount, type ReportScope, reportScopeOf, tenantIs } from './reports.scope';

/**
 * The columns of a job row (jobReportRowSchema) under the aliases j, m (machine), a (account) and
 * k (the API key it was started with, joined by JOB_KEY_JOIN).
 */
export const JOB_COLUMNS = sql.raw(`j.tenant_id, j.id, j.name, j.product_code, j.licensing, j.mailbox_count,
      ${counterColumns('j')}, j.account_id, m.name AS machine_name, a.name AS user_name, a.email AS user_email,
      k.name AS api_key_name`);
export const JOB_KEY_JOIN = sql.raw('LEFT JOIN api_keys k ON k.id = j.api_key_id');

export interface JobColumns extends CounterColumns {
  tenant_id: string;
  id: string;
  name: string;
  product_code: string;
  licensing: string;
  mailbox_count: number;
  account_id: string;
  machine_name: string;
  user_name: string;
  user_email: string;
  api_key_name: string | null;
}

export function jobRowOf(row: JobColumns): JobReportRow {
  return {
    id: row.id,
    name: row.name,
    machineName: row.machine_name,
    userName: row.user_name,
    apiKeyName: row.api_key_name,
    accountCount: row.mailbox_count,
    productCode: row.product_code,
    ...countersOf(row),
  };
}

/**
 * Job view: the jobs of the scope (or of one user in it, or on one machine), newest start first,
 * in the order of the (tenant, [account | machine,] start_date DESC, id) indexes. The total comes
 * from report_stats in the same statement, never from counting jobs.
 */
export async function jobReport(
  db: Database,
  principal: Principal,
  query: { pageNumber: number; pageSize: number; userId?: string | undefined; machineName?: string | undefined },
): Promise<{ items: JobReportRow[]; totalCount: number; user: { id: string; name: string; email: string } | null }> {
  let reader: ReportScope;
  let user: { id: string; name: string; email: string } | null = null;
  if (query.userId) {
    // The user (404 outside the scope) gives the tenant: one statement instead of two.
    const found = await readableAccount(db, { tenantId: null, scope: readScope(principal) }, query.userId);
    user = { id: found.id, name: found.name, email: found.email };
    reader = { tenantId: found.tenantId, scope: { kind: 'self', accountId: found.id } };
  } else {
    reader = reportScopeOf(principal);
  }
  const { items, totalCount } = await jobPage(
    db,
    reader,
    query.machineName,
    pageWindow(query.pageNumber, query.pageSize),
  );
  return { items, totalCount, user };
}

/** The machine condition on `<alias>.machine_id` (the machine of that name in the tenant). */
function onMachine(reader: ReportScope, alias: string, machineName: string | undefined): SQL {
  if (machineName === undefined) return sql`true`;
  return sql`(${sql.raw(`${alias}.tenant_id, ${alias}.machine_id`)}) IN (
      SELECT mn.tenant_id, mn.id FROM machines mn WHERE ${tenantIs(reader, 'mn.tenant_id')} AND mn.name = ${machineName})`;
}

/** One page of jobs and their total: the SQL of the Job view. */
export async function jobPage(
  db: Database,
  reader: ReportScope,
  machineName: string | undefined,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: JobReportRow[]; totalCount: number }> {
  const answer: unknown = await db.execute(sql`
    WITH total AS (
      SELECT COALESCE(SUM(rs.job_count), 0)::int AS total_count
      FROM report_stats rs
      WHERE ${tenantIs(reader, 'rs.tenant_id')} AND ${accountIn(reader, 'rs.account_id')}
        AND ${onMachine(reader, 'rs', machineName)}
    ), keys AS (
      -- The page's keys first, off the index alone: a deep page skips index entries, not joined rows.
      SELECT j.tenant_id, j.id, j.start_date AS sort_start
      FROM jobs j
      WHERE ${tenantIs(reader, 'j.tenant_id')} AND ${accountIn(reader, 'j.account_id')}
        AND ${onMachine(reader, 'j', machineName)}
      ORDER BY j.start_date DESC, j.id
      LIMIT ${limit} OFFSET ${offset}
    ), page AS (
      SELECT ${JOB_COLUMNS}, keys.sort_start
      FROM keys
      JOIN jobs j ON j.tenant_id = keys.tenant_id AND j.id = keys.id
      JOIN machines m ON m.tenant_id = j.tenant_id AND m.id = j.machine_id
      JOIN accounts a ON a.id = j.account_id
      ${JOB_KEY_JOIN}
    )
    SELECT total.total_count, page.* FROM total LEFT JOIN page ON true
    ORDER BY page.sort_start DESC, page.id`);
  const rows = rowsOf<JobColumns & { total_count: number }>(answer);
  return {
    items: rows.filter((row) => row.id !== null).map(jobRowOf),
    totalCount: rows[0]?.total_count ?? 0,
  };
}
