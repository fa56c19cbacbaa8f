import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { licenses, stock } from '../../db/schema';
import { ALLOCATION_MSG, hasRepeatedGroup } from '@portal/contracts/allocations';
import { badRequest } from '../../core/errors';
import { ensureRows, isExpired, type Line, lockStock, type LockedRow, pickLots, writeMovement } from './stock.ledger';
import { allocationTarget, defaultPoolOf, productsOf, type Target } from './stock.targets';

export interface AllocationItem {
  groupKey: string;
  productCode: string;
  quantity: number;
}

export interface AllocationInput {
  actorId: string;
  targetId: string;
  isUser: boolean;
  items: AllocationItem[];
  now: Date;
}

export interface AllocationOutcome {
  target: Target;
  items: (AllocationItem & { moved: number; movementId: string | null })[];
}

/** The lots of the groups that the pool could allocate now (read without a lock: a candidate list). */
async function usableLots(tx: Database, poolId: string, groups: SQL, now: Date): Promise<string[]> {
  const rows = await tx
    .select({ licenseId: stock.licenseId })
    .from(stock)
    .innerJoin(licenses, eq(licenses.id, stock.licenseId))
    .where(
      and(
        eq(stock.poolId, poolId),
        groups,
        gt(stock.available, 0),
        or(isNull(licenses.expiryDate), gt(licenses.expiryDate, now)),
      ),
    );
  return rows.map((row) => row.licenseId);
}

function checkItems(items: AllocationItem[]): void {
  if (items.length === 0) throw badRequest(ALLOCATION_MSG.productsRequired);
  if (hasRepeatedGroup(items)) throw badRequest(ALLOCATION_MSG.oneGroupOnce);
  if (items.some((i) => !Number.isInteger(i.quantity) || i.quantity < 1)) throw badRequest(ALLOCATION_MSG.countMin);
}

function ofGroup(rows: LockedRow[], poolId: string, item: AllocationItem): LockedRow[] {
  const mine = rows.filter((row) => row.poolId === poolId && row.groupKey === item.groupKey);
  if (mine.some((row) => row.productCode !== item.productCode)) throw badRequest(ALLOCATION_MSG.productCodeMismatch);
  return mine;
}

/** The two ends of an allocate or revoke (the actor's Default pool, the target) and the products of its items. */
async function endsOf(tx: Database, input: AllocationInput) {
  const source = await defaultPoolOf(tx, input.actorId);
  const target = await allocationTarget(tx, input.actorId, input.targetId, input.isUser);
  const products = await productsOf(
    tx,
    input.items.map((i) => i.productCode),
  );
  return { source, target, products };
}

/**
 * Moves units of each group from the actor's Default pool to a child's Default pool or to one of the
 * actor's shared pools: source available -> allocated, target available +. Soonest-expiring lots
 * first, perpetual last, expired never. All or nothing; one movement per group.
 */
export async function allocate(db: Database, input: AllocationInput): Promise<AllocationOutcome> {
  checkItems(input.items);
  return inTransaction(db, async (tx) => {
    const { source, target, products } = await endsOf(tx, input);
    const groups = inArray(
      licenses.groupKey,
      input.items.map((i) => i.groupKey),
    );
    // Target rows are created before the lock, never after: a row inserted later would be locked
    // out of (pool_id, license_id) order, and two allocations into one pool would deadlock.
    await ensureRows(tx, target.poolId, await usableLots(tx, source, groups, input.now));
    const rows = await lockStock(tx, [source, target.poolId], groups);
    const inTarget = new Set(rows.filter((row) => row.poolId === target.poolId).map((row) => row.licenseId));
    const result: AllocationOutcome = { target, items: [] };
    for (const item of input.items) {
      const product = products.get(item.productCode)!;
      // A lot that became usable after the rows were created waits for the next movement.
      const picks = pickLots(
        ofGroup(rows, source, item),
        item.quantity,
        (row) => (isExpired(row, input.now) || !inTarget.has(row.licenseId) ? 0 : row.available),
        product,
      );
      const lines: Line[] = picks.flatMap(({ row, take }) => [
        { poolId: source, licenseId: row.licenseId, dAvailable: -take, dAllocated: take },
        { poolId: target.poolId, licenseId: row.licenseId, dAvailable: take },
      ]);
      const movementId = await writeMovement(
        tx,
        movementHead('Allocate', item, item.quantity, source, target, input),
        lines,
      );
      result.items.push({ ...item, moved: item.quantity, movementId });
    }
    return result;
  });
}

function movementHead(
  action: 'Allocate' | 'Revoke',
  item: AllocationItem,
  quantity: number,
  source: string,
  target: Target,
  input: { actorId: string; now: Date },
) {
  return {
    action,
    productCode: item.productCode,
    groupKey: item.groupKey,
    quantity,
    sourcePoolId: source,
    targetName: target.name,
    targetType: target.type,
    targetId: target.id,
    actorId: input.actorId,
    createdAt: input.now,
  };
}

/**
 * Moves available units of each group back from a child's or shared pool to the actor's Default
 * pool, in the same lot order as allocation. With `partial`, takes what is there up to the
 * quantity (a group with nothing to take writes no movement); without, a shortfall is a 409.
 */
export async function revoke(db: Database, input: AllocationInput & { partial?: boolean }): Promise<AllocationOutcome> {
  checkItems(input.items);
  return inTransaction(db, async (tx) => {
    const { source, target, products } = await endsOf(tx, input);
    const rows = await lockStock(
      tx,
      [source, target.poolId],
      inArray(
        licenses.groupKey,
        input.items.map((i) => i.groupKey),
      ),
    );
    const result: AllocationOutcome = { target, items: [] };
    for (const item of input.items) {
      const product = products.get(item.productCode)!;
      const allocated = new Map(ofGroup(rows, source, item).map((row) => [row.licenseId, row.allocated]));
      const picks = pickLots(
        ofGroup(rows, target.poolId, item),
        item.quantity,
        (row) => (isExpired(row, input.now) ? 0 : Math.min(row.available, allocated.get(row.licenseId) ?? 0)),
        product,
        input.partial ?? false,
      );
      const moved = picks.reduce((sum, p) => sum + p.take, 0);
      if (moved === 0) {
        result.items.push({ ...item, moved, movementId: null });
        continue;
      }
      const lines: Line[] = picks.flatMap(({ row, take }) => [
        { poolId: target.poolId, licenseId: row.licenseId, dAvailable: -take },
        { poolId: source, licenseId: row.licenseId, dAvailable: take, dAllocated: -take },
      ]);
      const movementId = await writeMovement(tx, movementHead('Revoke', item, -moved, source, target, input), lines);
      result.items.push({ ...item, moved, movementId });
    }
    return result;
  });
}
