import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MovementAction } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { licenses, movementLines, movements, products, stock } from '../../db/schema';
import { InsufficientStockError } from './stock.errors';

/**
 * The one way stock changes: the callers lock every row they touch with lockStock (one statement,
 * rows in (pool_id, license_id) order, so two transactions never wait on each other crosswise),
 * then writeMovement records the movement, its lines and the new counters together.
 */

export interface LockedRow {
  poolId: string;
  licenseId: string;
  available: number;
  inTransit: number;
  consumed: number;
  allocated: number;
  startDate: Date;
  expiryDate: Date | null;
  groupKey: string;
  productCode: string;
  productName: string;
}

export interface Line {
  poolId: string;
  licenseId: string;
  dAvailable?: number;
  dInTransit?: number;
  dConsumed?: number;
  dAllocated?: number;
}

export interface MovementHead {
  action: MovementAction;
  productCode: string;
  groupKey: string;
  quantity: number;
  sourcePoolId: string | null;
  targetName: string;
  targetType: 'User' | 'Pool' | 'Mailbox';
  targetId: string | null;
  actorId: string;
  createdAt: Date;
}

/** Creates empty rows that a movement will fill (in key order, like the lock). */
export async function ensureRows(tx: Database, poolId: string, licenseIds: string[]): Promise<void> {
  const ids = [...new Set(licenseIds)].sort();
  if (ids.length === 0) return;
  await tx
    .insert(stock)
    .values(ids.map((licenseId) => ({ poolId, licenseId })))
    .onConflictDoNothing();
}

/** Locks the stock rows of the given pools and lots (FOR UPDATE OF stock only, never the lots). */
export async function lockStock(tx: Database, poolIds: string[], lots: SQL): Promise<LockedRow[]> {
  return tx
    .select({
      poolId: stock.poolId,
      licenseId: stock.licenseId,
      available: stock.available,
      inTransit: stock.inTransit,
      consumed: stock.consumed,
      allocated: stock.allocated,
      startDate: licenses.startDate,
      expiryDate: licenses.expiryDate,
      groupKey: licenses.groupKey,
      productCode: licenses.productCode,
      productName: products.name,
    })
    .from(stock)
    .innerJoin(licenses, eq(licenses.id, stock.licenseId))
    .innerJoin(products, eq(products.code, licenses.productCode))
    .where(and(inArray(stock.poolId, [...new Set(poolIds)]), lots))
    .orderBy(asc(stock.poolId), asc(stock.licenseId))
    .for('update', { of: stock });
}

export const isExpired = (row: Pick<LockedRow, 'expiryDate'>, now: Date) =>
  row.expiryDate !== null && row.expiryDate.getTime() <= now.getTime();

/** Soonest-expiring first, perpetual last; ties by start then id so the choice is repeatable. */
export function byExpiry(a: LockedRow, b: LockedRow): number {
  const ea = a.expiryDate?.getTime() ?? Number.POSITIVE_INFINITY;
  const eb = b.expiryDate?.getTime() ?? Number.POSITIVE_INFINITY;
  if (ea !== eb) return ea < eb ? -1 : 1;
  if (a.startDate.getTime() !== b.startDate.getTime()) return a.startDate < b.startDate ? -1 : 1;
  return a.licenseId < b.licenseId ? -1 : a.licenseId > b.licenseId ? 1 : 0;
}

/**
 * Takes `quantity` units from the rows in expiry order, `usable(row)` units at most from each.
 * Without `partial`, a shortfall is an InsufficientStockError naming what there is.
 */
export function pickLots(
  rows: LockedRow[],
  quantity: number,
  usable: (row: LockedRow) => number,
  product: { code: string; name: string },
  partial = false,
): { row: LockedRow; take: number }[] {
  const ordered = rows.filter((row) => usable(row) > 0).sort(byExpiry);
  const have = ordered.reduce((sum, row) => sum + usable(row), 0);
  if (have < quantity && !partial) throw new InsufficientStockError(product.code, product.name, have, quantity);
  const picks: { row: LockedRow; take: number }[] = [];
  let left = quantity;
  for (const row of ordered) {
    if (left === 0) break;
    const take = Math.min(left, usable(row));
    picks.push({ row, take });
    left -= take;
  }
  return picks;
}

/** Writes the movement and its lines, and applies the lines to rows the caller has locked. */
export async function writeMovement(tx: Database, head: MovementHead, lines: Line[]): Promise<string> {
  const [movement] = await tx.insert(movements).values(head).returning({ id: movements.id });
  if (!movement) throw new Error('movement insert returned nothing');
  const merged = new Map<string, Required<Line>>();
  for (const line of lines) {
    const key = `${line.poolId}/${line.licenseId}`;
    const row = merged.get(key) ?? { ...line, dAvailable: 0, dInTransit: 0, dConsumed: 0, dAllocated: 0 };
    row.dAvailable += line.dAvailable ?? 0;
    row.dInTransit += line.dInTransit ?? 0;
    row.dConsumed += line.dConsumed ?? 0;
    row.dAllocated += line.dAllocated ?? 0;
    merged.set(key, row);
  }
  const rows = [...merged.values()];
  await tx.insert(movementLines).values(rows.map((row) => ({ ...row, movementId: movement.id })));
  for (const row of rows) {
    const dTotal = row.dAvailable + row.dInTransit + row.dConsumed + row.dAllocated;
    const updated = await tx
      .update(stock)
      .set({
        available: sql`${stock.available} + ${row.dAvailable}`,
        inTransit: sql`${stock.inTransit} + ${row.dInTransit}`,
        consumed: sql`${stock.consumed} + ${row.dConsumed}`,
        allocated: sql`${stock.allocated} + ${row.dAllocated}`,
        total: sql`${stock.total} + ${dTotal}`,
      })
      .where(and(eq(stock.poolId, row.poolId), eq(stock.licenseId, row.licenseId)))
      .returning({ poolId: stock.poolId });
    if (updated.length !== 1) throw new Error(`movement line for a stock row that is not there: ${row.poolId}`);
  }
  return movement.id;
}
