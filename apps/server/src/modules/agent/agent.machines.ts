import { and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { MACHINE_BLOCKED_CODE } from '@portal/contracts/machines';
import type { Database } from '../../db/client';
import { machineBindings, machines } from '../../db/schema';
import { AppError } from '../../core/errors';
import { drawingPoolOf } from '../stock';

/** Who calls the agent API, in which organisation, and when (the caller's clock). */
export interface AgentCaller {
  accountId: string;
  tenantId: string;
  now: Date;
  /** The API key the tool calls with (decision 032): the ledger names it beside the account. */
  apiKeyId: string | null;
}

export interface MachineRow {
  id: string;
  name: string;
  fingerprint: string | null;
}

/**
 * A call from a computer other than the one a node-locked unit of the caller's pool is bound to on
 * this machine: refused, and the route writes a row of the audit trail (decision 030).
 */
export class MachineMismatchError extends AppError {
  constructor(readonly machine: { id: string; name: string }) {
    const message =
      `${machine.name} is bound to another computer for your pool's node-locked licenses. ` +
      'An Admin can release it in Machine View; until then this computer cannot use that name.';
    super(409, message, [{ field: 'fingerprint', message }]);
  }
}

/**
 * A call of a machine an Admin blocked (decision 045): refused with a stable code, nothing written.
 * The route writes a row of the audit trail, like a mismatch.
 */
export class MachineBlockedError extends AppError {
  override code = MACHINE_BLOCKED_CODE;

  constructor(readonly machineName: string) {
    super(
      403,
      `${machineName} is blocked in this organisation: the portal refuses its calls. Ask an Admin to unblock it in Machine View.`,
    );
  }
}

/**
 * Finds the tenant's machine by name or creates it, and records that it was seen and the
 * fingerprint it last reported. The upsert takes the machine row's lock until the transaction
 * ends, so job starts on one machine run one at a time: a retried start and the node-locked
 * binding decision never race each other.
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
        // A call without a fingerprint keeps the one recorded; the clock never goes back.
        fingerprint: sql`coalesce(excluded.fingerprint, ${machines.fingerprint})`,
        lastSeenAt: sql`greatest(excluded.last_seen_at, ${machines.lastSeenAt})`,
      },
    })
    .returning({
      id: machines.id,
      name: machines.name,
      fingerprint: machines.fingerprint,
      blockedAt: machines.blockedAt,
    });
  if (!machine) throw new Error('machine upsert returned nothing');
  const { blockedAt, ...row } = machine;
  if (blockedAt) throw new MachineBlockedError(row.name);
  return row;
}

/**
 * The node-locked units the caller's pool has bound to this machine serve one computer: a call
 * with another fingerprint is refused (nothing is written: the caller's transaction rolls back),
 * and a binding that serves none yet (made before fingerprints were kept, or released by an Admin)
 * is claimed by this one. Other pools' bindings on a machine of the same name (a reseller's other
 * customers) are theirs and are not looked at.
 */
export async function claimMachine(
  tx: Database,
  caller: AgentCaller,
  machine: MachineRow,
  poolId: string,
  fingerprint: string,
): Promise<void> {
  const mine = and(
    eq(machineBindings.tenantId, caller.tenantId),
    eq(machineBindings.machineId, machine.id),
    eq(machineBindings.poolId, poolId),
    or(isNull(machineBindings.expiresAt), gt(machineBindings.expiresAt, caller.now)),
  );
  const [other] = await tx
    .select({ fingerprint: machineBindings.fingerprint })
    .from(machineBindings)
    .where(and(mine, isNotNull(machineBindings.fingerprint), ne(machineBindings.fingerprint, fingerprint)))
    .limit(1);
  if (other) throw new MachineMismatchError(machine);
  await tx
    .update(machineBindings)
    .set({ fingerprint })
    .where(and(mine, isNull(machineBindings.fingerprint)));
}

/**
 * `POST /Agent/machines`: idempotent by (tenant, name). A computer other than the one the caller's
 * pool bound node-locked units to on this machine is refused here already (claimMachine).
 */
export function registerMachine(
  db: Database,
  caller: AgentCaller,
  input: { name: string; fingerprint?: string | undefined },
): Promise<MachineRow> {
  return db.transaction(async (tx) => {
    const machine = await upsertMachine(tx, caller, input);
    if (input.fingerprint !== undefined) {
      await claimMachine(tx, caller, machine, await drawingPoolOf(tx, caller.accountId), input.fingerprint);
    }
    return machine;
  });
}
