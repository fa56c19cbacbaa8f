import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { machines } from '../../db/schema';
import { AppError, notFound } from '../../core/errors';
import { inScope, type Scope } from '../../core/scope';

/** Who calls the agent API, in which organisation, and when (the caller's clock). */
export interface AgentCaller {
  accountId: string;
  tenantId: string;
  now: Date;
}

export interface MachineRow {
  id: string;
  name: string;
  fingerprint: string | null;
}

/**
 * A call that names a machine recorded with another computer's fingerprint (or with none, when the
 * machine has one): refused, and the route writes a failure line of the audit trail (decision 030).
 */
export class MachineMismatchError extends AppError {
  constructor(
    readonly machine: { id: string; name: string },
    readonly reason: 'other-fingerprint' | 'no-fingerprint',
  ) {
    const message =
      reason === 'other-fingerprint'
        ? `${machine.name} is bound to another computer. An Admin can release its binding in Machine View; until then this computer cannot report under that name.`
        : `${machine.name} is bound to a computer: the call must send that computer's fingerprint.`;
    super(409, message, [{ field: reason === 'other-fingerprint' ? 'fingerprint' : 'machineName', message }]);
  }
}

/**
 * Finds the tenant's machine by name or creates it, and records that it was seen. The first
 * fingerprint reported is kept: from then on the name belongs to that computer, and a call with
 * another fingerprint or none is refused (nothing is written: the caller's transaction rolls back)
 * until an Admin releases the binding. The upsert takes the machine row's lock until the
 * transaction ends, so job starts on one machine run one at a time: a retried start and the
 * node-locked binding decision never race each other.
 */
export async function upsertMachine(
  tx: Database,
  caller: AgentCaller,
  input: { name: string; fingerprint?: string | undefined },
): Promise<MachineRow> {
  const [machine] = await tx
    .insert(machines)
    .values({
      tenantId: caller.tenantId,
      name: input.name,
      fingerprint: input.fingerprint ?? null,
      registeredBy: caller.accountId,
      lastSeenAt: caller.now,
      createdAt: caller.now,
    })
    .onConflictDoUpdate({
      target: [machines.tenantId, machines.name],
      set: {
        // The recorded fingerprint is never overwritten; the clock never goes back.
        fingerprint: sql`coalesce(${machines.fingerprint}, excluded.fingerprint)`,
        lastSeenAt: sql`greatest(excluded.last_seen_at, ${machines.lastSeenAt})`,
      },
    })
    .returning({ id: machines.id, name: machines.name, fingerprint: machines.fingerprint });
  if (!machine) throw new Error('machine upsert returned nothing');
  if (machine.fingerprint !== null && machine.fingerprint !== (input.fingerprint ?? null)) {
    throw new MachineMismatchError(machine, input.fingerprint === undefined ? 'no-fingerprint' : 'other-fingerprint');
  }
  return machine;
}

/**
 * An Admin releases a machine's binding to its computer (new hardware, a rebuilt server): the
 * recorded fingerprint is cleared and the next computer that reports under the name is recorded.
 * The node-locked units bound to the machine stay bound to it. The machine must have been
 * registered by an account of the Admin's write scope; any other name is a 404.
 */
export async function releaseMachine(
  db: Database,
  who: { tenantId: string; scope: Scope },
  name: string,
): Promise<{ id: string; name: string; fingerprint: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: machines.id, name: machines.name, fingerprint: machines.fingerprint })
      .from(machines)
      .where(
        and(eq(machines.tenantId, who.tenantId), eq(machines.name, name), inScope(who.scope, machines.registeredBy)),
      )
      .for('update');
    if (!before) throw notFound('Machine not found.');
    await tx
      .update(machines)
      .set({ fingerprint: null })
      .where(and(eq(machines.tenantId, who.tenantId), eq(machines.id, before.id)));
    return before;
  });
}

/** `POST /Agent/machines`: idempotent by (tenant, name). */
export function registerMachine(
  db: Database,
  caller: AgentCaller,
  input: { name: string; fingerprint?: string | undefined },
): Promise<MachineRow> {
  return db.transaction((tx) => upsertMachine(tx, caller, input));
}
