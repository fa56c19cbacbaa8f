import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import type { Database } from '../../db/client';
import { ok } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { writeScope } from '../../core/scope';
import { type AuditEntry, auditedChange, recordAudit } from '../audit';
import { completeJob, startJob } from './agent.jobs';
import { type AgentCaller, MachineMismatchError, registerMachine, releaseMachine } from './agent.machines';

type BodyOf<K extends keyof typeof ENDPOINTS> = (typeof ENDPOINTS)[K] extends { body: z.ZodType }
  ? z.output<(typeof ENDPOINTS)[K]['body']>
  : never;

/** The caller of an agent call: the session already resolved its tenant, so no further query. */
export function callerOf({ clock }: RouteDeps, request: FastifyRequest): AgentCaller {
  const { accountId, tenantId } = principalOf(request);
  return { accountId, tenantId, now: clock.now() };
}

/** A call naming a machine bound to another computer is refused, and the refusal is audited. */
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
    throw error;
  }
}

/** An agent's change with its audit row (`event`, by the caller, at the caller's now) in one transaction. */
function auditedByCaller<T>(
  { db }: RouteDeps,
  request: FastifyRequest,
  caller: AgentCaller,
  event: string,
  change: (tx: Database) => Promise<T>,
  detail: (done: T) => AuditEntry['detail'],
): Promise<T> {
  return auditedChange(db, request, change, (done) => ({
    event,
    actor: caller.accountId,
    at: caller.now,
    detail: detail(done),
  }));
}

/** `POST /Agent/machines`: registered (or found) with its audit row in one transaction. */
export async function registerMachineHandler(
  deps: RouteDeps,
  request: FastifyRequest,
  body: BodyOf<'agentRegisterMachine'>,
) {
  const caller = callerOf(deps, request);
  const machine = await auditingMismatch(
    deps,
    request,
    caller,
    auditedByCaller(
      deps,
      request,
      caller,
      'agent.machine',
      (tx) => registerMachine(tx, caller, body),
      (done) => ({ machine: done.id }),
    ),
  );
  return ok(machine);
}

/** `POST /Agent/jobs`: the job and its licensing, with its audit row in one transaction. */
export async function startJobHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'agentStartJob'>) {
  const caller = callerOf(deps, request);
  const job = await auditingMismatch(
    deps,
    request,
    caller,
    auditedByCaller(
      deps,
      request,
      caller,
      'agent.job.start',
      (tx) => startJob(tx, caller, body),
      (done) => ({ job: done.jobId, licensing: done.licensing }),
    ),
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
  const caller = callerOf(deps, request);
  const job = await auditedByCaller(
    deps,
    request,
    caller,
    'agent.job.end',
    (tx) => completeJob(tx, caller, jobId, body),
    (done) => ({ job: done.jobId, status: done.status }),
  );
  return ok(job);
}

/** `POST /Machine/release-binding`: the bindings released, with the audit row in one transaction. */
export async function releaseMachineHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'releaseMachine'>) {
  const principal = principalOf(request);
  const { accountId, tenantId } = principal;
  const now = deps.clock.now();
  const released = await auditedChange(
    deps.db,
    request,
    (tx) => releaseMachine(tx, { tenantId, scope: writeScope(principal) }, body.machineName),
    (done) => ({
      event: 'machine.release',
      actor: accountId,
      at: now,
      detail: { machine: done.id, machineName: done.name, bindings: done.released },
    }),
  );
  return ok(released);
}
