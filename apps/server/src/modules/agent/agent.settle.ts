import { and, eq, sql } from 'drizzle-orm';
import type { AgentMailbox, MailboxLicenseState } from '@portal/contracts/agent';
import type { FinalStatus, MigrationStatus } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { jobs, mailboxes, reportStats } from '../../db/schema';
import { notFound } from '../../core/errors';
import { consume, release } from '../stock';
import { type AgentCaller, MachineBlockedError } from './agent.machines';
import { emitWebhookEvent } from '../webhooks';

/*
 * Lock order, the same on every path so that two calls never wait on each other crosswise: the job
 * row, then its mailbox rows, then the stock rows (inside modules/stock), then report_stats.
 */

export interface LockedJob {
  id: string;
  accountId: string;
  machineId: string;
  productCode: string;
  licensing: string;
  status: MigrationStatus;
}

const jobColumns = {
  id: jobs.id,
  accountId: jobs.accountId,
  machineId: jobs.machineId,
  productCode: jobs.productCode,
  licensing: jobs.licensing,
  status: jobs.status,
  /** The machine's name while an Admin blocks it (decision 045), else null: in the job's one statement. */
  blockedMachine: sql<
    string | null
  >`(SELECT m.name FROM machines m WHERE m.tenant_id = ${jobs.tenantId} AND m.id = ${jobs.machineId} AND m.blocked_at IS NOT NULL)`,
};

/** An agent call on a job of a blocked machine is refused, like the machine's own calls. */
function refuseBlocked(job: LockedJob & { blockedMachine: string | null }): LockedJob {
  if (job.blockedMachine !== null) throw new MachineBlockedError(job.blockedMachine);
  return job;
}

/** The caller's own job, locked; another account's job is a 404 like one that does not exist. */
export async function lockJob(tx: Database, caller: AgentCaller, jobId: string): Promise<LockedJob> {
  const [job] = await tx
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.tenantId, caller.tenantId), eq(jobs.id, jobId), eq(jobs.accountId, caller.accountId)))
    .for('update');
  if (!job) throw notFound('Job not found.');
  return refuseBlocked(job as LockedJob & { blockedMachine: string | null });
}

/** For the timeout sweep: the job locked unless another transaction holds it (then next sweep). */
export async function tryLockJob(tx: Database, tenantId: string, jobId: string): Promise<LockedJob | undefined> {
  const [job] = await tx
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, jobId)))
    .for('update', { skipLocked: true });
  return job as LockedJob | undefined;
}

/** The caller's job of one of its mailboxes, locked (in one statement); else a 404. */
export async function lockJobOfMailbox(tx: Database, caller: AgentCaller, mailboxId: string): Promise<LockedJob> {
  const [job] = await tx
    .select(jobColumns)
    .from(jobs)
    .where(
      and(
        eq(jobs.tenantId, caller.tenantId),
        eq(jobs.accountId, caller.accountId),
        eq(
          jobs.id,
          sql`(SELECT job_id FROM ${mailboxes} WHERE tenant_id = ${caller.tenantId}::uuid AND id = ${mailboxId}::uuid)`,
        ),
      ),
    )
    .for('update');
  if (!job) throw notFound('Mailbox not found.');
  return refuseBlocked(job as LockedJob & { blockedMachine: string | null });
}

export const mailboxAnswer = (row: {
  id: string;
  jobId: string;
  status: string;
  licenseState: string;
}): AgentMailbox => ({
  mailboxId: row.id,
  jobId: row.jobId,
  status: row.status as MigrationStatus,
  licenseState: row.licenseState as MailboxLicenseState,
});

export async function lockMailbox(tx: Database, tenantId: string, jobId: string, mailboxId: string) {
  const [mailbox] = await tx
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.jobId, jobId), eq(mailboxes.id, mailboxId)))
    .for('update');
  if (!mailbox) throw notFound('Mailbox not found.');
  return mailbox;
}

const STATUS_COUNTER = {
  Completed: 'mailboxes_completed',
  CompletedWithErrors: 'mailboxes_completed_with_errors',
  Failed: 'mailboxes_failed',
  Cancelled: 'mailboxes_cancelled',
} as const satisfies Record<FinalStatus, string>;

/**
 * Ends a mailbox of a job the caller has locked: a reserved unit is consumed on success and
 * released otherwise, exactly the lots its Reserve took. A mailbox that has already ended is
 * answered as recorded and nothing moves, so a retried or concurrent end settles once.
 */
export async function settleMailbox(
  tx: Database,
  caller: AgentCaller,
  job: LockedJob,
  mailboxId: string,
  input: { status: FinalStatus; errorMessage: string | null },
): Promise<AgentMailbox> {
  const mailbox = await lockMailbox(tx, caller.tenantId, job.id, mailboxId);
  if (mailbox.status !== 'InProgress') return mailboxAnswer(mailbox);
  let licenseState = mailbox.licenseState as MailboxLicenseState;
  if (licenseState === 'Reserved' && mailbox.reservation) {
    const settle = {
      accountId: caller.accountId,
      reservation: mailbox.reservation,
      mailbox: { name: mailbox.sourceMailbox, id: mailbox.id },
      now: caller.now,
      apiKeyId: caller.apiKeyId,
    };
    const success = input.status === 'Completed' || input.status === 'CompletedWithErrors';
    await (success ? consume(tx, settle) : release(tx, settle));
    licenseState = success ? 'Consumed' : 'Released';
  }
  await tx
    .update(mailboxes)
    .set({
      status: input.status,
      licenseState,
      errorMessage: input.errorMessage,
      endDate: sql`greatest(${mailboxes.startDate}, ${caller.now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(mailboxes.tenantId, caller.tenantId), eq(mailboxes.id, mailbox.id)));
  await emitWebhookEvent(
    tx,
    'mailbox.completed',
    [job.accountId],
    {
      mailboxId: mailbox.id,
      jobId: job.id,
      sourceMailbox: mailbox.sourceMailbox,
      status: input.status,
      errorMessage: input.errorMessage,
      licenseState,
    },
    caller.now,
  );
  const counter = sql.identifier(STATUS_COUNTER[input.status]);
  await tx.execute(
    sql`UPDATE ${jobs} SET ${counter} = ${counter} + 1 WHERE tenant_id = ${caller.tenantId}::uuid AND id = ${job.id}::uuid`,
  );
  return mailboxAnswer({ ...mailbox, status: input.status, licenseState });
}

/** The end a job's mailboxes add up to when nobody says otherwise. */
export function derivedStatus(counts: {
  mailboxesCompleted: number;
  mailboxesCompletedWithErrors: number;
  mailboxesFailed: number;
  mailboxesCancelled: number;
}): FinalStatus {
  const bad = counts.mailboxesFailed + counts.mailboxesCancelled;
  const good = counts.mailboxesCompleted + counts.mailboxesCompletedWithErrors;
  if (good === 0 && bad > 0) return counts.mailboxesFailed > 0 ? 'Failed' : 'Cancelled';
  return bad + counts.mailboxesCompletedWithErrors > 0 ? 'CompletedWithErrors' : 'Completed';
}

/** Whether a job the caller has locked still has a mailbox in progress. */
export async function hasOpenMailbox(tx: Database, tenantId: string, jobId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.jobId, jobId), eq(mailboxes.status, 'InProgress')))
    .limit(1);
  return open !== undefined;
}

/**
 * Ends a job the caller has locked and whose mailboxes have all ended: its status is the one given or
 * the one its mailbox counters add up to, its end is now (never before its start), and the machine's
 * last job end moves with it. Every path that ends a job comes here: the agent's complete call and
 * the timeout sweep (decision 030).
 */
export async function endJob(
  tx: Database,
  caller: { tenantId: string; now: Date },
  job: LockedJob,
  input: { status?: FinalStatus | undefined; errorMessage?: string | null | undefined },
): Promise<FinalStatus> {
  const [counts] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, caller.tenantId), eq(jobs.id, job.id)));
  if (!counts) throw new Error('locked job vanished');
  const status = input.status ?? derivedStatus(counts);
  const now = caller.now.toISOString();
  await tx
    .update(jobs)
    .set({
      status,
      endDate: sql`greatest(${jobs.startDate}, ${now}::timestamptz)`,
      errorMessage: input.errorMessage ?? null,
    })
    .where(and(eq(jobs.tenantId, caller.tenantId), eq(jobs.id, job.id)));
  await tx
    .update(reportStats)
    .set({ lastJobEndDate: sql`greatest(${reportStats.lastJobEndDate}, ${now}::timestamptz)` })
    .where(
      and(
        eq(reportStats.tenantId, caller.tenantId),
        eq(reportStats.accountId, job.accountId),
        eq(reportStats.machineId, job.machineId),
      ),
    );
  await emitWebhookEvent(
    tx,
    'job.completed',
    [job.accountId],
    {
      jobId: job.id,
      status,
      errorMessage: input.errorMessage ?? null,
      productCode: job.productCode,
      machineId: job.machineId,
      accountId: job.accountId,
      mailboxes: {
        completed: counts.mailboxesCompleted,
        completedWithErrors: counts.mailboxesCompletedWithErrors,
        failed: counts.mailboxesFailed,
        cancelled: counts.mailboxesCancelled,
      },
    },
    caller.now,
  );
  return status;
}
