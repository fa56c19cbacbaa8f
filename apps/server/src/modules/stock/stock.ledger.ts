import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MovementAction } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { licenses, movementLines, movements, products, stock } from '../../db/schema';
import { InsufficientStockError } from './stock.errors';
import { rowsOf } from '../../db/rows';
import { countMovement } from '../../core/counters';

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
  targetType: 'User' | 'Pool' | 'Mailbox' | 'Machine';
  targetId: string | null;
  actorId: string;
  /** The API key the actor acted through (decision 032); the database checks it is the actor's. */
  apiKeyId?: string | null;
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

/**
 * Writes the movement and its lines, and applies the lines to rows the caller has locked. Two
 * statements while the rows are locked (the movement with its lines, then every counter at once):
 * the time a row stays locked bounds how many movements a pool can take per second (bench/stock.ts).
 */
export async function writeMovement(tx: Database, head: MovementHead, lines: Line[]): Promise<string> {
  countMovement(head.action);
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
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.poolId}::uuid, ${row.licenseId}::uuid, ${row.dAvailable}::int, ${row.dInTransit}::int, ${row.dConsumed}::int, ${row.dAllocated}::int)`,
    ),
    sql`, `,
  );
  const written: unknown = await tx.execute(sql`
    WITH m AS (
      INSERT INTO ${movements} (action, product_code, group_key, quantity, source_pool_id, target_name, target_type, target_id, actor_id, api_key_id, created_at)
      VALUES (${head.action}, ${head.productCode}, ${head.groupKey}, ${head.quantity}, ${head.sourcePoolId}::uuid,
              ${head.targetName}, ${head.targetType}, ${head.targetId}, ${head.actorId}::uuid, ${head.apiKeyId ?? null}::uuid,
              ${head.createdAt.toISOString()}::timestamptz)
      RETURNING id
    ), l AS (
      INSERT INTO ${movementLines} (movement_id, pool_id, license_id, d_available, d_in_transit, d_consumed, d_allocated, created_at)
      SELECT m.id, v.*, ${head.createdAt.toISOString()}::timestamptz FROM m, (VALUES ${values}) AS v(pool_id, license_id, da, dt, dc, dal)
    )
    SELECT id FROM m`);
  const movementId = rowsOf<{ id: string }>(written)[0]?.id;
  if (!movementId) throw new Error('movement insert returned nothing');
  const updated: unknown = await tx.execute(sql`
    UPDATE ${stock} AS s
       SET available = s.available + v.da, in_transit = s.in_transit + v.dt, consumed = s.consumed + v.dc,
           allocated = s.allocated + v.dal, total = s.total + v.da + v.dt + v.dc + v.dal
      FROM (VALUES ${values}) AS v(pool_id, license_id, da, dt, dc, dal)
     WHERE s.pool_id = v.pool_id AND s.license_id = v.license_id
    RETURNING s.pool_id`);
  if (rowsOf(updated).length !== rows.length) throw new Error('a movement line for a stock row that is not there');
  return movementId;
}
