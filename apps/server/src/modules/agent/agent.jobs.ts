import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { LicensingMode, StartedJob } from '@portal/contracts/agent';
import type { FinalStatus, MigrationStatus } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { jobs, licenses, machineBindings, mailboxes, reportStats } from '../../db/schema';
import { tenantOf } from '../../core/tenant';
import { consume, drawingPoolOf, InsufficientStockError, productOf, reserve } from '../stock';
import { type AgentCaller, claimMachine, type MachineRow, upsertMachine } from './agent.machines';
import { endJob, lockJob, settleMailbox } from './agent.settle';
import { emitWebhookEvent } from '../webhooks';

/** The usage types a machine binds: one unit serves every job of the product until the lot expires. */
const NODE_LOCKED = ['NodeLocked', 'NodeLockedForever'] as const;

export async function agentCaller(db: Database, accountId: string, now: Date): Promise<AgentCaller> {
  return { accountId, tenantId: await tenantOf(db, accountId), now, apiKeyId: null };
}

/**
 * `POST /Agent/jobs`. An unknown machine name registers the machine (the agent may skip the
 * register call); a computer other than the one the caller's pool bound units to on the machine is
 * refused (claimMachine). A retried start with the same (machine, clientKey) answers the job it made and
 * moves nothing. Licensing is decided here, once: the machine's unexpired binding for the product,
 * else a node-locked unit of the drawing pool bound now (Reserve then Consume to the Machine),
 * else per mailbox.
 */
export function startJob(
  db: Database,
  caller: AgentCaller,
  input: {
    machineName: string;
    clientKey: string;
    name: string;
    productCode: string;
    fingerprint?: string | undefined;
  },
): Promise<StartedJob> {
  return db.transaction(async (tx) => {
    const product = await productOf(tx, input.productCode);
    const machine = await upsertMachine(tx, caller, { name: input.machineName, fingerprint: input.fingerprint });
    const [existing] = await tx
      .select({ jobId: jobs.id, status: jobs.status, licensing: jobs.licensing })
      .from(jobs)
      .where(
        and(
          eq(jobs.tenantId, caller.tenantId),
          eq(jobs.machineId, machine.id),
          eq(jobs.accountId, caller.accountId),
          eq(jobs.clientKey, input.clientKey),
        ),
      );
    if (existing) return existing as StartedJob;
    // A node-locked unit serves a computer, not a name (decision 030): only a start that sends its
    // fingerprint uses or binds one, and another computer under the name is refused; any other job
    // licenses per mailbox.
    const poolId = await drawingPoolOf(tx, caller.accountId);
    const fingerprint = input.fingerprint;
    if (fingerprint !== undefined) await claimMachine(tx, caller, machine, poolId, fingerprint);
    const licensing: LicensingMode =
      fingerprint !== undefined &&
      ((await hasBinding(tx, caller, poolId, machine.id, product.code)) ||
        (await bindUnit(tx, caller, machine, product.code, fingerprint)))
        ? 'NodeLocked'
        : 'PerMailbox';
    const [job] = await tx
      .insert(jobs)
      .values({
        tenantId: caller.tenantId,
        clientKey: input.clientKey,
        machineId: machine.id,
        accountId: caller.accountId,
        apiKeyId: caller.apiKeyId,
        name: input.name,
        productCode: product.code,
        licensing,
        startDate: caller.now,
      })
      .returning({ jobId: jobs.id });
    if (!job) throw new Error('job insert returned nothing');
    await tx
      .insert(reportStats)
      .values({
        tenantId: caller.tenantId,
        accountId: caller.accountId,
        machineId: machine.id,
        jobCount: 1,
        lastJobStartDate: caller.now,
      })
      .onConflictDoUpdate({
        target: [reportStats.tenantId, reportStats.accountId, reportStats.machineId],
        set: {
          jobCount: sql`${reportStats.jobCount} + 1`,
          lastJobStartDate: sql`greatest(${reportStats.lastJobStartDate}, excluded.last_job_start_date)`,
        },
      });
    await announceStart(tx, caller, {
      jobId: job.jobId,
      name: input.name,
      machine,
      productCode: product.code,
      licensing,
    });
    return { jobId: job.jobId, status: 'InProgress', licensing };
  });
}

/** Tells the webhooks a job started (decision 033), in the job's transaction. */
function announceStart(
  tx: Database,
  caller: AgentCaller,
  job: { jobId: string; name: string; machine: MachineRow; productCode: string; licensing: LicensingMode },
) {
  const { jobId, name, machine, productCode, licensing } = job;
  const data = { jobId, name, machineId: machine.id, machineName: machine.name, productCode, licensing };
  return emitWebhookEvent(
    tx,
    'job.started',
    [caller.accountId],
    { ...data, accountId: caller.accountId, apiKeyId: caller.apiKeyId },
    caller.now,
  );
}

/**
 * The machine holds an unexpired unit of the product bound from the pool the caller draws on: a
 * binding paid by another pool (a sibling department's, say) does not license this caller's jobs.
 */
async function hasBinding(tx: Database, caller: AgentCaller, poolId: string, machineId: string, productCode: string) {
  const [binding] = await tx
    .select({ licenseId: machineBindings.licenseId })
    .from(machineBindings)
    .where(
      and(
        eq(machineBindings.tenantId, caller.tenantId),
        eq(machineBindings.machineId, machineId),
        eq(machineBindings.poolId, poolId),
        eq(machineBindings.productCode, productCode),
        or(isNull(machineBindings.expiresAt), gt(machineBindings.expiresAt, caller.now)),
      ),
    )
    .limit(1);
  return binding !== undefined;
}

/**
 * Binds one node-locked unit of the drawing pool to the machine: Reserve then Consume, both naming
 * the machine, so the ledger shows where the unit went. No such unit is not an error: the job then
 * licenses per mailbox. The Reserve runs in a savepoint, so its refusal leaves nothing behind.
 */
async function bindUnit(
  tx: Database,
  caller: AgentCaller,
  machine: MachineRow,
  productCode: string,
  fingerprint: string,
) {
  const target = { name: machine.name, id: machine.id, type: 'Machine' as const };
  let reservation;
  try {
    reservation = await reserve(tx, {
      accountId: caller.accountId,
      productCode,
      usageTypes: NODE_LOCKED,
      mailbox: target,
      now: caller.now,
      apiKeyId: caller.apiKeyId,
    });
  } catch (error) {
    if (error instanceof InsufficientStockError) return false;
    throw error;
  }
  const { accountId, now, apiKeyId } = caller;
  await consume(tx, { accountId, reservation, mailbox: target, now, apiKeyId });
  const lot = reservation.lots[0];
  if (!lot) throw new Error('a reservation without a lot');
  const [license] = await tx
    .select({ expiresAt: licenses.expiryDate })
    .from(licenses)
    .where(eq(licenses.id, lot.licenseId));
  await tx.insert(machineBindings).values({
    tenantId: caller.tenantId,
    machineId: machine.id,
    licenseId: lot.licenseId,
    poolId: reservation.poolId,
    productCode,
    groupKey: reservation.groupKey,
    expiresAt: license?.expiresAt ?? null,
    fingerprint,
    boundBy: caller.accountId,
    boundAt: caller.now,
  });
  return true;
}

/**
 * `POST /Agent/jobs/{jobId}/complete`. Mailboxes still in progress are cancelled and their units
 * released; the job ends with the given status or the one its mailboxes add up to. A job that has
 * already ended answers its recorded end.
 */
export function completeJob(
  db: Database,
  caller: AgentCaller,
  jobId: string,
  input: { status?: FinalStatus | undefined; errorMessage?: string | null | undefined },
): Promise<{ jobId: string; status: MigrationStatus }> {
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, caller, jobId);
    if (job.status !== 'InProgress') return { jobId, status: job.status };
    const open = await tx
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(
        and(eq(mailboxes.tenantId, caller.tenantId), eq(mailboxes.jobId, jobId), eq(mailboxes.status, 'InProgress')),
      )
      .orderBy(mailboxes.id);
    for (const mailbox of open) {
      await settleMailbox(tx, caller, job, mailbox.id, { status: 'Cancelled', errorMessage: null });
    }
    const status = await endJob(tx, caller, job, input);
    return { jobId, status };
  });
}
