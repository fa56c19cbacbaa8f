import { type SQL, sql } from 'drizzle-orm';
import {
  CONSISTENCY_GRADES,
  type ConsistencyGrade,
  consistencyScoreOf,
  type JobCompleteness,
  type MailboxCompleteness,
  type Verdict,
  verdictOf,
} from '@portal/contracts/completeness';
import type { FolderReportRow, ReportCounters } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import type { StoredSkip } from '../../db/completeness-columns';
import { rowsOf } from '../../db/rows';

/*
 * The completeness of the Mailboxes and Folders views (decision 044): the columns they read, the
 * "only incomplete" filters and the job's verdict from its mailboxes counted by verdict.
 */

/** A mailbox's completeness columns (verdict and grade are generated columns of the row). */
export const MAILBOX_COMPLETENESS_COLUMNS = `mb.source_items::float8 AS source_items,
      mb.destination_items::float8 AS destination_items, mb.missing_items::float8 AS missing_items,
      mb.accepted_skipped_items::float8 AS accepted_skipped_items, mb.verdict, mb.consistency`;

export interface MailboxCompletenessColumns {
  status: string;
  total_items: number;
  failed_items: number;
  skipped_items: number;
  source_items: number;
  destination_items: number;
  missing_items: number;
  accepted_skipped_items: number;
  verdict: string;
  consistency: string;
}

export function mailboxCompletenessOf(row: MailboxCompletenessColumns): MailboxCompleteness {
  const input = {
    status: row.status,
    totalItems: row.total_items,
    failedItems: row.failed_items,
    skippedItems: row.skipped_items,
    missingItems: row.missing_items,
    acceptedSkippedItems: row.accepted_skipped_items,
    sourceItems: row.source_items,
  };
  return {
    sourceItems: row.source_items,
    destinationItems: row.destination_items,
    skippedItems: row.skipped_items,
    missingItems: row.missing_items,
    acceptedSkippedItems: row.accepted_skipped_items,
    verdict: row.verdict as Verdict,
    consistencyScore: consistencyScoreOf(input),
    consistencyGrade: row.consistency as ConsistencyGrade,
  };
}

/** The Mailboxes view's filter: the partial index mailboxes_incomplete_idx serves it. */
export const mailboxFilter = (onlyIncomplete: boolean | undefined): SQL =>
  onlyIncomplete ? sql`AND mb.verdict = 'Incomplete'` : sql``;

/** How many of the job's mailboxes the filter keeps (the filtered list's totalCount). */
export async function incompleteMailboxCount(db: Database, tenantId: string, jobId: string): Promise<number> {
  const answer: unknown = await db.execute(sql`
    SELECT count(*)::int AS n FROM mailboxes mb
    WHERE mb.tenant_id = ${tenantId}::uuid AND mb.job_id = ${jobId}::uuid AND mb.verdict = 'Incomplete'`);
  return rowsOf<{ n: number }>(answer)[0]?.n ?? 0;
}

/** The mailbox whose folders are read: whether it ended well and its skips are all accepted. */
export interface FolderContext {
  status: string;
  skipped_items: number;
  accepted_skipped_items: number;
}

const ENDED_WELL = `('Completed', 'CompletedWithErrors')`;
const endedWell = (status: string) => status === 'Completed' || status === 'CompletedWithErrors';
const accepted = (m: FolderContext) => m.skipped_items > 0 && m.accepted_skipped_items >= m.skipped_items;

/**
 * A folder is complete when it has no failed or missing item, its skips (if any) were accepted with
 * its mailbox's, and it ended well: by its own status, or, when the agent left it InProgress or
 * NotStarted, by its mailbox's.
 */
export function folderIncompleteSql(mailbox: FolderContext): SQL {
  const isAccepted = accepted(mailbox);
  const mailboxEndedWell = endedWell(mailbox.status);
  return sql`NOT (f.failed_items = 0 AND f.missing_items = 0 AND (f.skipped_items = 0 OR ${isAccepted}::boolean)
    AND (f.status IN ${sql.raw(ENDED_WELL)} OR (f.status IN ('InProgress', 'NotStarted') AND ${mailboxEndedWell}::boolean)))`;
}

export const FOLDER_COMPLETENESS_COLUMNS = `f.missing_items, f.source_items, f.source_bytes::float8 AS source_bytes,
      f.destination_items, f.destination_bytes::float8 AS destination_bytes, f.skips`;

export interface FolderCompletenessColumns {
  status: string;
  failed_items: number;
  skipped_items: number;
  missing_items: number;
  source_items: number | null;
  source_bytes: number | null;
  destination_items: number | null;
  destination_bytes: number | null;
  skips: StoredSkip[] | string | null;
}

type FolderCompleteness = Omit<FolderReportRow, keyof ReportCounters | 'folderPath'>;

/** A folder row's completeness, its verdict as folderIncompleteSql decides it. */
export function folderCompletenessOf(row: FolderCompletenessColumns, mailbox: FolderContext): FolderCompleteness {
  const skips = typeof row.skips === 'string' ? (JSON.parse(row.skips) as StoredSkip[]) : (row.skips ?? []);
  const status =
    row.status === 'InProgress' || row.status === 'NotStarted'
      ? endedWell(mailbox.status)
        ? 'Completed'
        : row.status
      : row.status;
  const verdict = verdictOf({
    status,
    totalItems: 0,
    failedItems: row.failed_items,
    skippedItems: row.skipped_items,
    missingItems: row.missing_items,
    acceptedSkippedItems: accepted(mailbox) ? row.skipped_items : 0,
    sourceItems: 0,
  });
  return {
    sourceItems: row.source_items,
    sourceBytes: row.source_bytes,
    destinationItems: row.destination_items,
    destinationBytes: row.destination_bytes,
    missingItems: row.missing_items,
    skips,
    verdict,
  };
}

/**
 * A job's verdict from its mailboxes counted by verdict and grade (an index-only walk of
 * mailboxes_job_verdict_idx): Incomplete while the job has not ended well or any mailbox is
 * Incomplete; Complete with accepted skips when any mailbox is; else Complete. Its grade is its
 * worst mailbox's.
 */
export async function jobCompleteness(
  db: Database,
  job: { tenantId: string; id: string; status: string },
): Promise<JobCompleteness> {
  const answer: unknown = await db.execute(sql`
    SELECT mb.verdict, mb.consistency, count(*)::int AS n FROM mailboxes mb
    WHERE mb.tenant_id = ${job.tenantId}::uuid AND mb.job_id = ${job.id}::uuid
    GROUP BY mb.verdict, mb.consistency`);
  const byVerdict = { Complete: 0, CompleteWithAcceptedSkips: 0, Incomplete: 0 };
  let worst = 0;
  for (const row of rowsOf<{ verdict: Verdict; consistency: ConsistencyGrade; n: number }>(answer)) {
    byVerdict[row.verdict] += row.n;
    worst = Math.max(worst, CONSISTENCY_GRADES.indexOf(row.consistency));
  }
  const verdict: Verdict =
    !endedWell(job.status) || byVerdict.Incomplete > 0
      ? 'Incomplete'
      : byVerdict.CompleteWithAcceptedSkips > 0
        ? 'CompleteWithAcceptedSkips'
        : 'Complete';
  return { verdict, consistencyGrade: CONSISTENCY_GRADES[worst] ?? 'Perfect', mailboxesByVerdict: byVerdict };
}
