import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { machineBindings, machines, pools } from '../../db/schema';
import { notFound } from '../../core/errors';
import { inScope, type Scope } from '../../core/scope';
import { returnBoundUnits } from '../stock';

/**
 * An Admin releases a machine's node-locked units (decision 045, amending 030): the bindings that
 * pools of accounts it manages made on the machine (of one lot with `licenseId`) end, and each unit
 * goes back to its pool as available, with a Release movement naming the machine, in this
 * transaction. The next job with a fingerprint on the machine binds a unit again. A name with
 * nothing of the Admin's bound to it is a 404 that says so.
 */
export async function releaseMachine(
  tx: Database,
  who: { accountId: string; tenantId: string; scope: Scope; now: Date },
  input: { machineName: string; licenseId?: string | undefined },
): Promise<{ id: string; name: string; released: number }> {
  // The machine's row first, as a job start locks it: the two never cross.
  const [machine] = await tx
    .select({ id: machines.id, name: machines.name })
    .from(machines)
    .where(and(eq(machines.tenantId, who.tenantId), eq(machines.name, input.machineName)))
    .for('update');
  const released = machine
    ? await tx
        .delete(machineBindings)
        .where(
          and(
            eq(machineBindings.tenantId, who.tenantId),
            eq(machineBindings.machineId, machine.id),
            input.licenseId === undefined ? sql`true` : eq(machineBindings.licenseId, input.licenseId),
            inArray(
              machineBindings.poolId,
              tx.select({ id: pools.id }).from(pools).where(inScope(who.scope, pools.ownerId)),
            ),
          ),
        )
        .returning({ poolId: machineBindings.poolId, licenseId: machineBindings.licenseId })
    : [];
  if (!machine || released.length === 0) {
    throw notFound(
      `${input.machineName} has no node-locked license of yours bound to it: there is nothing to release.`,
    );
  }
  const units = released.sort((a, b) =>
    a.poolId === b.poolId ? a.licenseId.localeCompare(b.licenseId) : a.poolId.localeCompare(b.poolId),
  );
  await returnBoundUnits(tx, { units, machine, actorId: who.accountId, now: who.now });
  return { ...machine, released: released.length };
}
