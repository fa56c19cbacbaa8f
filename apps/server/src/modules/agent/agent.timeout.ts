import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailboxes } from '../../db/schema';
import { lockMailbox, settleMailbox, tryLockJob } from './agent.settle';

const BATCH = 200;

export const timeoutMessage = (minutes: number) =>
  `The machine stopped reporting: no progress for more than ${minutes} minutes.`;

/**
 * The housekeeping sweep: a mailbox still InProgress whose agent has not reported for `minutes` is
 * marked Failed and its unit released, so a machine that died does not hold units in transit
 * forever. One transaction per mailbox; a job another transaction holds (the agent reporting right
 * now) is skipped and looked at again by the next sweep. Answers how many mailboxes it failed.
 */
export async function failSilentMailboxes(db: Database, now: Date, minutes: number): Promise<number> {
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  let failed = 0;
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
        const caller = { accountId: job.accountId, tenantId: mailbox.tenantId, now };
        await settleMailbox(tx, caller, job, mailbox.id, { status: 'Failed', errorMessage: timeoutMessage(minutes) });
        return true;
      });
      if (done) settled += 1;
    }
    failed += settled;
    if (silent.length < BATCH || settled === 0) return failed;
  }
}
