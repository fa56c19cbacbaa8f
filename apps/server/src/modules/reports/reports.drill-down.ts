import { sql } from 'drizzle-orm';
import type { FolderReportRow, JobSummary, MailboxReportRow } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../core/errors';
import type { Principal } from '../../core/session';
import { JOB_COLUMNS, JOB_KEY_JOIN, type JobColumns, jobRowOf } from './reports.jobs';
import { type CounterColumns, counterColumns, countersOf, pageWindow } from './reports.rows';
import { accountIn, type ReportScope, reportScopeOf, tenantIs } from './reports.scope';
import {
  FOLDER_COMPLETENESS_COLUMNS,
  type FolderCompletenessColumns,
  folderCompletenessOf,
  folderIncompleteSql,
  incompleteMailboxCount,
  jobCompleteness,
  MAILBOX_COMPLETENESS_COLUMNS,
  type MailboxCompletenessColumns,
  mailboxCompletenessOf,
  mailboxFilter,
} from './reports.completeness';

/** A job the caller may read, with what its header and the PDF cover need. */
export interface ReadableJob {
  tenantId: string;
  summary: JobSummary;
  userEmail: string;
  licensing: string;
}

/** The job, if in the caller's scope (404 otherwise): by (tenant, id), or by id alone for a SuperAdmin. */
export async function readableJob(db: Database, reader: ReportScope, jobId: string): Promise<ReadableJob> {
  const answer: unknown = await db.execute(sql`
    SELECT ${JOB_COLUMNS}, j.mailboxes_completed, j.mailboxes_completed_with_errors,
      j.mailboxes_failed, j.mailboxes_cancelled
    FROM jobs j
    JOIN machines m ON m.tenant_id = j.tenant_id AND m.id = j.machine_id
    JOIN accounts a ON a.id = j.account_id
    ${JOB_KEY_JOIN}
    WHERE ${tenantIs(reader, 'j.tenant_id')} AND j.id = ${jobId}::uuid AND ${accountIn(reader, 'j.account_id')}`);
  type Row = JobColumns & Record<`mailboxes_${'completed' | 'completed_with_errors' | 'failed' | 'cancelled'}`, number>;
  const row = rowsOf<Row>(answer)[0];
  if (!row) throw notFound('Job not found');
  const completeness = await jobCompleteness(db, { tenantId: row.tenant_id, id: row.id, status: row.status });
  const ended =
    row.mailboxes_completed + row.mailboxes_completed_with_errors + row.mailboxes_failed + row.mailboxes_cancelled;
  return {
    tenantId: row.tenant_id,
    userEmail: row.user_email,
    licensing: row.licensing,
    summary: {
      ...jobRowOf(row),
      userId: row.account_id,
      completeness,
      mailboxesByStatus: {
        InProgress: Math.max(0, row.mailbox_count - ended),
        Completed: row.mailboxes_completed,
        CompletedWithErrors: row.mailboxes_completed_with_errors,
        Failed: row.mailboxes_failed,
        Cancelled: row.mailboxes_cancelled,
      },
    },
  };
}

export const MAILBOX_COLUMNS = sql.raw(`mb.id, mb.job_id, mb.source_mailbox, mb.source_type, mb.target_mailbox,
      mb.destination_type, mb.folder_count, ${counterColumns('mb')}, ${MAILBOX_COMPLETENESS_COLUMNS}`);

export interface MailboxColumns extends CounterColumns, MailboxCompletenessColumns {
  id: string;
  job_id: string;
  source_mailbox: string;
  source_type: string;
  target_mailbox: string;
  destination_type: string;
  folder_count: number;
}

export function mailboxRowOf(row: MailboxColumns): MailboxReportRow {
  return {
    id: row.id,
    jobId: row.job_id,
    sourceMailbox: row.source_mailbox,
    sourceType: row.source_type,
    targetMailbox: row.target_mailbox,
    destinationType: row.destination_type,
    folderCount: row.folder_count,
    ...countersOf(row),
    ...mailboxCompletenessOf(row),
  };
}

/**
 * Mailbox view: the job's header, then one page of its mailboxes, newest start first; with
 * onlyIncomplete, only those whose verdict is Incomplete (decision 044).
 */
export async function mailboxReport(
  db: Database,
  principal: Principal,
  query: { pageNumber: number; pageSize: number; jobId: string; onlyIncomplete?: boolean | undefined },
): Promise<{ items: MailboxReportRow[]; totalCount: number; job: JobSummary }> {
  const job = await readableJob(db, reportScopeOf(principal), query.jobId);
  const { limit, offset } = pageWindow(query.pageNumber, query.pageSize);
  const answer: unknown = await db.execute(sql`
    SELECT ${MAILBOX_COLUMNS}
    FROM mailboxes mb
    WHERE mb.tenant_id = ${job.tenantId}::uuid AND mb.job_id = ${query.jobId}::uuid ${mailboxFilter(query.onlyIncomplete)}
    ORDER BY mb.start_date DESC, mb.id
    LIMIT ${limit} OFFSET ${offset}`);
  return {
    items: rowsOf<MailboxColumns>(answer).map(mailboxRowOf),
    totalCount: query.onlyIncomplete
      ? await incompleteMailboxCount(db, job.tenantId, query.jobId)
      : job.summary.accountCount,
    job: job.summary,
  };
}

async function countWhere(db: Database, where: ReturnType<typeof sql>): Promise<number> {
  const answer: unknown = await db.execute(sql`SELECT count(*)::int AS n FROM folders f WHERE ${where}`);
  return rowsOf<{ n: number }>(answer)[0]?.n ?? 0;
}

/** Folder view: the mailbox (its job in the scope, else 404), then one page of its folders. */
export async function folderReport(
  db: Database,
  principal: Principal,
  query: { pageNumber: number; pageSize: number; mailboxId: string; onlyIncomplete?: boolean | undefined },
): Promise<{ items: FolderReportRow[]; totalCount: number; mailbox: MailboxReportRow & { jobName: string } }> {
  const reader = reportScopeOf(principal);
  const header: unknown = await db.execute(sql`
    SELECT ${MAILBOX_COLUMNS}, mb.tenant_id, j.name AS job_name
    FROM mailboxes mb
    JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
    WHERE ${tenantIs(reader, 'mb.tenant_id')} AND mb.id = ${query.mailboxId}::uuid
      AND ${accountIn(reader, 'j.account_id')}`);
  const mailbox = rowsOf<MailboxColumns & { tenant_id: string; job_name: string }>(header)[0];
  if (!mailbox) throw notFound('Mailbox not found');
  const { limit, offset } = pageWindow(query.pageNumber, query.pageSize);
  const where = sql`f.tenant_id = ${mailbox.tenant_id}::uuid AND f.mailbox_id = ${query.mailboxId}::uuid
    ${query.onlyIncomplete ? sql`AND ${folderIncompleteSql(mailbox)}` : sql``}`;
  const answer: unknown = await db.execute(sql`
    SELECT f.folder_path, ${sql.raw(counterColumns('f'))}, ${sql.raw(FOLDER_COMPLETENESS_COLUMNS)}
    FROM folders f
    WHERE ${where}
    ORDER BY f.start_date DESC, f.folder_path
    LIMIT ${limit} OFFSET ${offset}`);
  return {
    items: rowsOf<CounterColumns & FolderCompletenessColumns & { folder_path: string }>(answer).map((row) => ({
      folderPath: row.folder_path,
      ...countersOf(row),
      ...folderCompletenessOf(row, mailbox),
    })),
    totalCount: query.onlyIncomplete ? await countWhere(db, where) : mailbox.folder_count,
    mailbox: { ...mailboxRowOf(mailbox), jobName: mailbox.job_name },
  };
}
