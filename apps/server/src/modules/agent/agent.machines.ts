import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { machines } from '../../db/schema';

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
 * Finds the tenant's machine by name or creates it, and records that it was seen. The upsert takes
 * the machine row's lock until the transaction ends, so job starts on one machine run one at a
 * time: a retried start and the node-locked binding decision never race each other.
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
    .returning({ id: machines.id, name: machines.name, fingerprint: machines.fingerprint });
  if (!machine) throw new Error('machine upsert returned nothing');
  return machine;
}

/** `POST /Agent/machines`: idempotent by (tenant, name). */
export function registerMachine(
  db: Database,
  caller: AgentCaller,
  input: { name: string; fingerprint?: string | undefined },
): Promise<MachineRow> {
  return db.transaction((tx) => upsertMachine(tx, caller, input));
}
