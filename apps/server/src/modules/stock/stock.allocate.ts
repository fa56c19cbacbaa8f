import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { ensureRows, isExpired, type Line, lockStock, type LockedRow, pickLots, writeMovement } from './stock.ledger';
import { defaultPoolOf, handOnTarget, productOf, type Target } from './stock.targets';

export interface HandOnItem {
  groupKey: string;
  productCode: string;
  quantity: number;
}

export interface HandOnInput {
  actorId: string;
  targetId: string;
  isUser: boolean;
  items: HandOnItem[];
  now: Date;
}

export interface HandOnResult {
  target: Target;
  items: (HandOnItem & { moved: number; movementId: string | null })[];
}

function checkItems(items: HandOnItem[]): void {
  if (items.length === 0) throw badRequest('Choose at least one product');
  if (new Set(items.map((i) => i.groupKey)).size !== items.length)
    throw badRequest('Each product group can be picked once');
  if (items.some((i) => !Number.isInteger(i.quantity) || i.quantity < 1)) throw badRequest('Count must be at least 1');
}

function ofGroup(rows: LockedRow[], poolId: string, item: HandOnItem): LockedRow[] {
  const mine = rows.filter((row) => row.poolId === poolId && row.groupKey === item.groupKey);
  if (mine.some((row) => row.productCode !== item.productCode))
    throw badRequest('The product code does not match the product group.');
  return mine;
}

/**
 * Moves units of each group from the actor's Default pool to a child's Default pool or to one of the
 * actor's shared pools: source available -> allocated, target available +. Soonest-expiring lots
 * first, perpetual last, expired never. All or nothing; one movement per group.
 */
export function allocate(db: Database, input: HandOnInput): Promise<HandOnResult> {
  return handOn(db, 'Allocate', input);
}

/** An Admin's Create License: hands units of its own stock to a child customer (an Issue movement). */
export function issueFromStock(
  db: Database,
  input: { actorId: string; customerId: string; item: HandOnItem; now: Date },
): Promise<HandOnResult> {
  return handOn(db, 'Issue', {
    actorId: input.actorId,
    targetId: input.customerId,
    isUser: true,
    items: [input.item],
    now: input.now,
  });
}

async function handOn(db: Database, action: 'Allocate' | 'Issue', input: HandOnInput): Promise<HandOnResult> {
  checkItems(input.items);
  return db.transaction(async (tx) => {
    const source = await defaultPoolOf(tx, input.actorId);
    const target = await handOnTarget(tx, input.actorId, input.targetId, input.isUser);
    const rows = await lockStock(
      tx,
      [source, target.poolId],
      inArray(
        licenses.groupKey,
        input.items.map((i) => i.groupKey),
      ),
    );
    const result: HandOnResult = { target, items: [] };
    for (const item of input.items) {
      const product = await productOf(tx, item.productCode);
      const picks = pickLots(
        ofGroup(rows, source, item),
        item.quantity,
        (row) => (isExpired(row, input.now) ? 0 : row.available),
        product,
      );
      // A new target row is ours alone until commit: anyone else filling it must first lock the
      // source rows we hold, since a pool receives from one pool only.
      await ensureRows(
        tx,
        target.poolId,
        picks.map((p) => p.row.licenseId),
      );
      const lines: Line[] = picks.flatMap(({ row, take }) => [
        { poolId: source, licenseId: row.licenseId, dAvailable: -take, dAllocated: take },
        { poolId: target.poolId, licenseId: row.licenseId, dAvailable: take },
      ]);
      const movementId = await writeMovement(
        tx,
        movementHead(action, item, item.quantity, source, target, input),
        lines,
      );
      result.items.push({ ...item, moved: item.quantity, movementId });
    }
    return result;
  });
}

function movementHead(
  action: 'Allocate' | 'Issue' | 'Revoke',
  item: HandOnItem,
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
export async function revoke(db: Database, input: HandOnInput & { partial?: boolean }): Promise<HandOnResult> {
  checkItems(input.items);
  return db.transaction(async (tx) => {
    const source = await defaultPoolOf(tx, input.actorId);
    const target = await handOnTarget(tx, input.actorId, input.targetId, input.isUser);
    const rows = await lockStock(
      tx,
      [source, target.poolId],
      inArray(
        licenses.groupKey,
        input.items.map((i) => i.groupKey),
      ),
    );
    const result: HandOnResult = { target, items: [] };
    for (const item of input.items) {
      const product = await productOf(tx, item.productCode);
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
