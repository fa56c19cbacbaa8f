import { sql } from 'drizzle-orm';
import type { JobTimeline } from '@portal/contracts/charts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Principal } from '../../core/session';
import { readableJob } from './reports.drill-down';
import { reportScopeOf } from './reports.scope';

/** Interval widths, in seconds, from a minute to a month: the first that fits MAX_POINTS is used. */
const BUCKETS = [60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86_400, 7 * 86_400, 30 * 86_400];
/** At most this many intervals, so that the chart's bars stay readable. */
export const MAX_POINTS = 48;

/** The narrowest interval that covers [from, to] in at most MAX_POINTS intervals aligned on it. */
export function bucketFor(fromMs: number, toMs: number): number {
  for (const seconds of BUCKETS) {
    const size = seconds * 1000;
    if (Math.floor(toMs / size) - Math.floor(fromMs / size) + 1 <= MAX_POINTS) return seconds;
  }
  return BUCKETS[BUCKETS.length - 1]!;
}

/**
 * `GET /Report/job/{jobId}/items-timeline`: the job's items migrated over time. The agent reports
 * absolute counters per folder and mailbox, not a history, so the series is derived from the
 * mailbox rows: each mailbox's migrated items are placed at its last word (its end date, or its
 * last progress report while it runs), kept inside the job's span (start to end, or now while it
 * runs), and summed per interval in one grouped query. The last cumulative value is the job's
 * migrated items. Same scope as the job report (404 outside it).
 */
export async function jobTimeline(db: Database, principal: Principal, jobId: string, now: Date): Promise<JobTimeline> {
  const job = await readableJob(db, reportScopeOf(principal), jobId);
  const fromMs = Date.parse(job.summary.startDate);
  const toMs = Math.max(fromMs, job.summary.endDate ? Date.parse(job.summary.endDate) : now.getTime());
  const seconds = bucketFor(fromMs, toMs);
  const size = seconds * 1000;
  const firstSlot = Math.floor(fromMs / size);
  const lastSlot = Math.floor(toMs / size);
  const answer: unknown = await db.execute(sql`
    SELECT floor(extract(epoch FROM least(greatest(coalesce(mb.end_date, mb.last_report_at),
        ${new Date(fromMs).toISOString()}::timestamptz), ${new Date(toMs).toISOString()}::timestamptz)) / ${seconds})::bigint AS slot,
      sum(mb.migrated_items)::bigint AS items, count(*)::int AS mailboxes
    FROM mailboxes mb
    WHERE mb.tenant_id = ${job.tenantId}::uuid AND mb.job_id = ${jobId}::uuid
    GROUP BY 1`);
  const bySlot = new Map(
    rowsOf<{ slot: string | number; items: string | number; mailboxes: number }>(answer).map((row) => [
      Number(row.slot),
      { items: Number(row.items), mailboxes: Number(row.mailboxes) },
    ]),
  );
  let cumulative = 0;
  const points: JobTimeline['points'] = [];
  for (let slot = firstSlot; slot <= lastSlot; slot += 1) {
    const found = bySlot.get(slot);
    cumulative += found?.items ?? 0;
    points.push({
      at: new Date(slot * size).toISOString(),
      migratedItems: found?.items ?? 0,
      mailboxes: found?.mailboxes ?? 0,
      cumulative,
    });
  }
  return {
    jobId,
    bucketSeconds: seconds,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    points,
  };
}
