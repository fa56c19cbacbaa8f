// The completeness columns of mailboxes and folders (docs/decisions/044-completeness-and-consistency.md,
// migration 0022): the agent's optional source/destination counts and skipped items, the sums kept
// on the mailbox, its acceptance by an Admin, and its verdict and grade as generated columns.
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SkipCategory } from '@portal/contracts/completeness';

/** One reason's skipped items of a folder, as stored in folders.skips. */
export interface StoredSkip {
  category: SkipCategory;
  count: number;
  samples: string[];
}

const total = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The verdict's rule (the same as verdictOf in the contracts). */
export const VERDICT_SQL = sql.raw(`CASE
    WHEN status NOT IN ('Completed', 'CompletedWithErrors') OR failed_items > 0 OR missing_items > 0
      OR skipped_items > accepted_skipped_items THEN 'Incomplete'
    WHEN skipped_items > 0 THEN 'CompleteWithAcceptedSkips'
    ELSE 'Complete' END`);

/** The grade's rule (the same as consistencyGradeOf in the contracts). */
export const CONSISTENCY_SQL = sql.raw(`CASE
    WHEN skipped_items + failed_items + missing_items = 0 THEN 'Perfect'
    WHEN failed_items + missing_items = 0 AND skipped_items * 100 <= greatest(total_items, source_items) THEN 'Good'
    WHEN (skipped_items + failed_items + missing_items) * 20 <= greatest(total_items, source_items) THEN 'Investigate'
    ELSE 'Poor' END`);

export const mailboxCompleteness = () => ({
  /** Items not in the destination for no reason given: sum of the folders' (decision 044). */
  missingItems: total('missing_items'),
  sourceItems: total('source_items'),
  destinationItems: total('destination_items'),
  /** The skipped items an Admin accepted: all of them while it equals skipped_items. */
  acceptedSkippedItems: total('accepted_skipped_items'),
  skipsAcceptedBy: uuid('skips_accepted_by'),
  skipsAcceptedAt: timestamp('skips_accepted_at', { withTimezone: true }),
  verdict: text('verdict').generatedAlwaysAs((): SQL => VERDICT_SQL),
  consistency: text('consistency').generatedAlwaysAs((): SQL => CONSISTENCY_SQL),
});

interface MailboxTable {
  tenantId: ExtraConfigColumn;
  jobId: ExtraConfigColumn;
  startDate: ExtraConfigColumn;
  id: ExtraConfigColumn;
  verdict: ExtraConfigColumn;
  consistency: ExtraConfigColumn;
  skippedItems: ExtraConfigColumn;
  missingItems: ExtraConfigColumn;
  sourceItems: ExtraConfigColumn;
  destinationItems: ExtraConfigColumn;
  acceptedSkippedItems: ExtraConfigColumn;
}

export const mailboxCompletenessChecks = (t: MailboxTable) => [
  check(
    'mailboxes_completeness_nonnegative',
    sql`${t.skippedItems} >= 0 AND ${t.missingItems} >= 0 AND ${t.sourceItems} >= 0 AND ${t.destinationItems} >= 0 AND ${t.acceptedSkippedItems} >= 0`,
  ),
  // "Only incomplete" on a job's Mailboxes view walks this in the view's order (docs/performance.md).
  index('mailboxes_incomplete_idx')
    .on(t.tenantId, t.jobId, t.startDate.desc().nullsFirst(), t.id)
    .where(sql`verdict = 'Incomplete'`),
  // The job's verdict counts its mailboxes by verdict and grade from this index alone.
  index('mailboxes_job_verdict_idx').on(t.tenantId, t.jobId, t.verdict, t.consistency),
];

export const folderCompleteness = () => ({
  missingItems: integer('missing_items').notNull().default(0),
  sourceItems: integer('source_items'),
  sourceBytes: bigint('source_bytes', { mode: 'number' }),
  destinationItems: integer('destination_items'),
  destinationBytes: bigint('destination_bytes', { mode: 'number' }),
  skips: jsonb('skips').$type<StoredSkip[]>(),
});
