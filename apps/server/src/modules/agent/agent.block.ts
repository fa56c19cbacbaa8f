import { and, eq } from 'drizzle-orm';
import type { MachineBlock } from '@portal/contracts/machines';
import type { Database } from '../../db/client';
import { machines } from '../../db/schema';
import type { Scope } from '../../core/scope';
import { lockManagedMachine } from './agent.machine-scope';

/**
 * An Admin blocks or unblocks a machine of its scope (decision 045). Idempotent: blocking a blocked
 * machine keeps its first block (when, by whom) and answers it; `changed` says whether anything
 * moved. A block refuses the machine's agent calls (agent.machines.ts, agent.settle.ts); its bound
 * units stay bound until an Admin releases them.
 */
export async function setMachineBlocked(
  tx: Database,
  who: { accountId: string; tenantId: string; scope: Scope; now: Date },
  machineName: string,
  blocked: boolean,
): Promise<MachineBlock & { changed: boolean }> {
  const machine = await lockManagedMachine(tx, who, machineName);
  const changed = (machine.blockedAt !== null) !== blocked;
  let blockedAt = machine.blockedAt;
  if (changed) {
    blockedAt = blocked ? who.now : null;
    await tx
      .update(machines)
      .set({ blockedAt, blockedBy: blocked ? who.accountId : null })
      .where(and(eq(machines.tenantId, who.tenantId), eq(machines.id, machine.id)));
  }
  return {
    id: machine.id,
    name: machine.name,
    blocked,
    blockedAt: blockedAt?.toISOString() ?? null,
    changed,
  };
}
