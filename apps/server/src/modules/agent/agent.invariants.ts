import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The kept counts against the rows they count (decision 018): every job's mailbox counts and item
 * totals (skipped items among them) equal the sums of its mailboxes, every mailbox's folder count
 * and totals (skipped and missing too) the sums of its folders, every report_stats row the jobs of its (account, machine), and each mailbox's license
 * state fits its status. Answers one line per disagreement; empty when all hold. It reads every
 * row: for tests and an ops check, like findLedgerViolations.
 */
export async function findCounterViolations(db: Database): Promise<string[]> {
  const jobs = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT j.id FROM jobs j
      LEFT JOIN (
        SELECT tenant_id, job_id, count(*)::int AS n,
               count(*) FILTER (WHERE status = 'Completed')::int AS completed,
               count(*) FILTER (WHERE status = 'CompletedWithErrors')::int AS with_errors,
               count(*) FILTER (WHERE status = 'Failed')::int AS failed,
               count(*) FILTER (WHERE status = 'Cancelled')::int AS cancelled,
               sum(total_items)::bigint AS total, sum(migrated_items)::bigint AS migrated,
               sum(failed_items)::bigint AS failed_items, sum(filtered_items)::bigint AS filtered,
               sum(skipped_items)::bigint AS skipped
        FROM mailboxes GROUP BY tenant_id, job_id
      ) m ON m.tenant_id = j.tenant_id AND m.job_id = j.id
      WHERE j.mailbox_count <> coalesce(m.n, 0)
         OR j.mailboxes_completed <> coalesce(m.completed, 0)
         OR j.mailboxes_completed_with_errors <> coalesce(m.with_errors, 0)
         OR j.mailboxes_failed <> coalesce(m.failed, 0)
         OR j.mailboxes_cancelled <> coalesce(m.cancelled, 0)
         OR j.total_items <> coalesce(m.total, 0) OR j.migrated_items <> coalesce(m.migrated, 0)
         OR j.failed_items <> coalesce(m.failed_items, 0) OR j.filtered_items <> coalesce(m.filtered, 0)
         OR j.skipped_items <> coalesce(m.skipped, 0)
         OR (j.status = 'InProgress') <> (j.end_date IS NULL)`),
  );
  const mailboxes = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT b.id FROM mailboxes b
      LEFT JOIN (
        SELECT tenant_id, mailbox_id, count(*)::int AS n, sum(total_items)::bigint AS total,
               sum(migrated_items)::bigint AS migrated, sum(failed_items)::bigint AS failed, sum(filtered_items)::bigint AS filtered,
               sum(skipped_items)::bigint AS skipped, sum(missing_items)::bigint AS missing
        FROM folders GROUP BY tenant_id, mailbox_id
      ) f ON f.tenant_id = b.tenant_id AND f.mailbox_id = b.id
      WHERE b.folder_count <> coalesce(f.n, 0) OR b.total_items <> coalesce(f.total, 0)
         OR b.migrated_items <> coalesce(f.migrated, 0) OR b.failed_items <> coalesce(f.failed, 0)
         OR b.filtered_items <> coalesce(f.filtered, 0)
         OR b.skipped_items <> coalesce(f.skipped, 0) OR b.missing_items <> coalesce(f.missing, 0)
         OR (b.status = 'InProgress') <> (b.end_date IS NULL)
         OR NOT CASE b.status
           WHEN 'InProgress' THEN b.license_state IN ('None', 'Reserved')
           WHEN 'Completed' THEN b.license_state IN ('None', 'Consumed')
           WHEN 'CompletedWithErrors' THEN b.license_state IN ('None', 'Consumed')
           ELSE b.license_state IN ('None', 'Released') END`),
  );
  const stats = rowsOf<{ account_id: string; machine_id: string }>(
    await db.execute(sql`
      SELECT coalesce(s.account_id, j.account_id) AS account_id, coalesce(s.machine_id, j.machine_id) AS machine_id
      FROM report_stats s
      FULL JOIN (
        SELECT tenant_id, account_id, machine_id, count(*)::int AS n, sum(mailbox_count)::int AS mailboxes,
               max(start_date) AS last_start, max(end_date) AS last_end
        FROM jobs GROUP BY tenant_id, account_id, machine_id
      ) j ON j.tenant_id = s.tenant_id AND j.account_id = s.account_id AND j.machine_id = s.machine_id
      WHERE s.job_count IS DISTINCT FROM j.n OR s.mailbox_count IS DISTINCT FROM j.mailboxes
         OR s.last_job_start_date IS DISTINCT FROM j.last_start OR s.last_job_end_date IS DISTINCT FROM j.last_end`),
  );
  return [
    ...jobs.map((row) => `job ${row.id}: its counters differ from its mailboxes`),
    ...mailboxes.map((row) => `mailbox ${row.id}: its counters or license state differ from its folders and status`),
    ...stats.map((row) => `report_stats ${row.account_id}/${row.machine_id}: differ from the jobs`),
  ];
}
