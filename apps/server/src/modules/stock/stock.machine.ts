import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema';
import { conflict } from '../../core/errors';
import { lockStock, writeMovement } from './stock.ledger';

/** A node-locked unit bound to a machine: the lot and the pool it was consumed from (decision 030). */
export interface BoundUnitRef {
  poolId: string;
  licenseId: string;
}

/**
 * An Admin releases a machine's node-locked units (decision 045): each goes back to the pool it was
 * bound from, consumed to available, with a Release movement naming the machine, one per unit. The
 * caller holds the machine's row lock; the stock rows are locked here, in key order.
 */
export async function returnBoundUnits(
  tx: Database,
  input: { units: BoundUnitRef[]; machine: { id: string; name: string }; actorId: string; now: Date },
): Promise<string[]> {
  const { units, machine } = input;
  if (units.length === 0) return [];
  const rows = await lockStock(
    tx,
    units.map((unit) => unit.poolId),
    inArray(
      licenses.id,
      units.map((unit) => unit.licenseId),
    ),
  );
  const movementIds: string[] = [];
  for (const unit of units) {
    const row = rows.find((r) => r.poolId === unit.poolId && r.licenseId === unit.licenseId);
    if (!row || row.consumed < 1)
      throw conflict(`The unit bound to ${machine.name} is no longer consumed in its pool.`);
    const head = {
      action: 'Release' as const,
      productCode: row.productCode,
      groupKey: row.groupKey,
      quantity: 1,
      sourcePoolId: unit.poolId,
      targetName: machine.name,
      targetType: 'Machine' as const,
      targetId: machine.id,
      actorId: input.actorId,
      createdAt: input.now,
    };
    const line = { poolId: unit.poolId, licenseId: unit.licenseId, dConsumed: -1, dAvailable: 1 };
    movementIds.push(await writeMovement(tx, head, [line]));
    row.consumed -= 1;
  }
  return movementIds;
}
