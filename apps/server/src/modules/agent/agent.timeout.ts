import { and, asc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs, mailboxes } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { endJob, hasOpenMailbox, lockMailbox, settleMailbox, tryLockJob } from './agent.settle';

const BATCH = 200;

export const timeoutMessage = (minutes: number) =>
  `The machine stopped reporting: no progress for more than ${minutes} minutes.`;

/**
 * The housekeeping sweep: a mailbox still InProgress whose agent has not reported for `minutes` is
 * marked Failed and its unit released, so a machine that died does not hold units in transit
 * forever; when that was the job's last mailbox in progress, the job ends with it (decision 030).
 * Then a job still in progress with no mailbox in progress and nothing heard for `minutes` ends
 * too. One transaction per mailbox or job; a job another transaction holds (the agent reporting
 * right now) is skipped and looked at again by the next sweep. Answers how many mailboxes and jobs
 * it ended.
 */
export async function failSilentMailboxes(
  db: Database,
  now: Date,
  minutes: number,
): Promise<{ mailboxes: number; jobs: number }> {
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const ended = { mailboxes: 0, jobs: 0 };
  for (;;) {
    // The partial index on last_report_at WHERE status = 'InProgress' answers this directly.
    const silent = await db
      .select({ tenantId: mailboxes.tenantId, id: mailboxes.id, jobId: mailboxes.jobId })
      .from(mailboxes)
      .where(and(eq(mailboxes.status, 'InProgress'), lt(mailboxes.lastReportAt, cutoff)))
      .orderBy(asc(mailboxes.lastReportAt))
      .limit(BATCH);
    let settled = 0;
    for (const mailbox of silent) {
      const done = await db.transaction(async (tx) => {
        const job = await tryLockJob(tx, mailbox.tenantId, mailbox.jobId);
        if (!job) return false;
        // Looked at again under the lock: a report may have come in since the query above.
        const row = await lockMailbox(tx, mailbox.tenantId, mailbox.jobId, mailbox.id);
        if (row.status !== 'InProgress' || row.lastReportAt >= cutoff) return false;
        // The server's own sweep: no API key acted.
        const caller = { accountId: job.accountId, tenantId: mailbox.tenantId, now, apiKeyId: null };
        await settleMailbox(tx, caller, job, mailbox.id, { status: 'Failed', errorMessage: timeoutMessage(minutes) });
        if (job.status === 'InProgress' && !(await hasOpenMailbox(tx, mailbox.tenantId, job.id))) {
          await endJob(tx, caller, job, { errorMessage: timeoutMessage(minutes) });
          ended.jobs += 1;
        }
        return true;
      });
      if (done) settled += 1;
    }
    ended.mailboxes += settled;
    if (silent.length < BATCH || settled === 0) break;
  }
  ended.jobs += await endSilentJobs(db, now, cutoff, minutes);
  return ended;
}

/** Whether a job has a mailbox in progress, or one that reported or ended since `cutoff`. */
const heardSince = (tenantId: SQL, jobId: SQL, cutoff: Date): SQL => sql`EXISTS (
  SELECT 1 FROM ${mailboxes} m
   WHERE m.tenant_id = ${tenantId} AND m.job_id = ${jobId}
     AND (m.status = 'InProgress' OR greatest(m.last_report_at, m.end_date) >= ${cutoff.toISOString()}::timestamptz))`;

/**
 * Jobs in progress whose mailboxes have all ended (or that never started one) and of which nothing
 * was heard since `cutoff`: the agent died between its last mailbox and its complete call. Each ends
 * with the status its mailboxes add up to; one that never started a mailbox, Failed.
 */
async function endSilentJobs(db: Database, now: Date, cutoff: Date, minutes: number): Promise<number> {
  let ended = 0;
  for (;;) {
    // The partial index on jobs in progress, then each candidate's mailboxes by job.
    const candidates = rowsOf<{ tenant_id: string; id: string; mailbox_count: number }>(
      await db.execute(sql`
        SELECT j.tenant_id, j.id, j.mailbox_count FROM ${jobs} j
         WHERE j.status = 'InProgress' AND j.start_date < ${cutoff.toISOString()}::timestamptz
           AND NOT ${heardSince(sql`j.tenant_id`, sql`j.id`, cutoff)}
         ORDER BY j.start_date
         LIMIT ${BATCH}`),
    );
    let settled = 0;
    for (const candidate of candidates) {
      const done = await db.transaction(async (tx) => {
        const job = await tryLockJob(tx, candidate.tenant_id, candidate.id);
        if (!job || job.status !== 'InProgress') return false;
        // Under the lock: a mailbox may have started since the query above.
        const [recent] = rowsOf<{ heard: boolean }>(
          await tx.execute(
            sql`SELECT ${heardSince(sql`${candidate.tenant_id}::uuid`, sql`${candidate.id}::uuid`, cutoff)} AS heard`,
          ),
        );
        if (recent?.heard) return false;
        // A job that never started a mailbox migrated nothing: it failed, it did not complete.
        await endJob(tx, { tenantId: candidate.tenant_id, now }, job, {
          status: Number(candidate.mailbox_count) === 0 ? 'Failed' : undefined,
          errorMessage: timeoutMessage(minutes),
        });
        return true;
      });
      if (done) settled += 1;
    }
    ended += settled;
    if (candidates.length < BATCH || settled === 0) return ended;
  }
}
