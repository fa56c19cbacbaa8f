import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AGENT_ENDPOINTS } from '@portal/contracts/agent-endpoints';
import type { RouteDeps } from '../../core/deps';
import type { Database } from '../../db/client';
import { ok } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { type AuditEntry, auditedChange, recordAudit } from '../audit';
import { completeJob, startJob } from './agent.jobs';
import { type AgentCaller, MachineBlockedError, MachineMismatchError, registerMachine } from './agent.machines';

type BodyOf<K extends keyof typeof AGENT_ENDPOINTS> = (typeof AGENT_ENDPOINTS)[K] extends { body: z.ZodType }
  ? z.output<(typeof AGENT_ENDPOINTS)[K]['body']>
  : never;

/** The caller of an agent call: the session already resolved its tenant, so no further query. */
export function callerOf({ clock }: RouteDeps, request: FastifyRequest): AgentCaller {
  const { accountId, tenantId, apiKey } = principalOf(request);
  return { accountId, tenantId, now: clock.now(), apiKeyId: apiKey?.id ?? null };
}

/**
 * A call naming a machine bound to another computer, or blocked by an Admin (decision 045), is
 * refused, and the refusal is audited.
 */
async function auditingMismatch<T>(
  { db }: RouteDeps,
  request: FastifyRequest,
  caller: AgentCaller,
  work: Promise<T>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof MachineMismatchError) {
      await recordAudit(db, request, 'agent.machine.refused', 'refused', caller.accountId, caller.now, {
        machine: error.machine.id,
        machineName: error.machine.name,
      });
    }
    if (error instanceof MachineBlockedError) {
      await recordAudit(db, request, 'agent.machine.blocked', 'refused', caller.accountId, caller.now, {
        machineName: error.machineName,
      });
    }
    throw error;
  }
}

/**
 * An agent call: `change` runs as the caller, with its audit row (`event`, by the caller, at the
 * caller's now) in one transaction. With `auditMismatch`, a machine bound to another computer is
 * refused and the refusal audited (auditingMismatch).
 */
function agentCall<T>(
  deps: RouteDeps,
  request: FastifyRequest,
  event: string,
  change: (tx: Database, caller: AgentCaller) => Promise<T>,
  detail: (done: T) => AuditEntry['detail'],
  { auditMismatch = false } = {},
): Promise<T> {
  const caller = callerOf(deps, request);
  const work = auditedChange(
    deps.db,
    request,
    (tx) => change(tx, caller),
    (done) => ({ event, actor: caller.accountId, at: caller.now, detail: detail(done) }),
  );
  return auditMismatch ? auditingMismatch(deps, request, caller, work) : work;
}

/** `POST /Agent/machines`: registered (or found) with its audit row in one transaction. */
export async function registerMachineHandler(
  deps: RouteDeps,
  request: FastifyRequest,
  body: BodyOf<'agentRegisterMachine'>,
) {
  const machine = await agentCall(
    deps,
    request,
    'agent.machine',
    (tx, caller) => registerMachine(tx, caller, body),
    (done) => ({ machine: done.id }),
    { auditMismatch: true },
  );
  return ok(machine);
}

/** `POST /Agent/jobs`: the job and its licensing, with its audit row in one transaction. */
export async function startJobHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'agentStartJob'>) {
  const job = await agentCall(
    deps,
    request,
    'agent.job.start',
    (tx, caller) => startJob(tx, caller, body),
    (done) => ({ job: done.jobId, licensing: done.licensing }),
    { auditMismatch: true },
  );
  return ok(job);
}

/** `POST /Agent/jobs/:jobId/complete`: the job's end, with its audit row in one transaction. */
export async function completeJobHandler(
  deps: RouteDeps,
  request: FastifyRequest,
  jobId: string,
  body: BodyOf<'agentCompleteJob'>,
) {
  const job = await agentCall(
    deps,
    request,
    'agent.job.end',
    (tx, caller) => completeJob(tx, caller, jobId, body),
    (done) => ({ job: done.jobId, status: done.status }),
  );
  return ok(job);
}
