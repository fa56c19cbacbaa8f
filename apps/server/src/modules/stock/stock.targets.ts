import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, pools, products } from '../../db/schema';
import { badRequest, notFound } from '../../core/errors';

export interface Target {
  poolId: string;
  name: string;
  type: 'User' | 'Pool';
  id: string;
}

export async function defaultPoolOf(tx: Database, accountId: string): Promise<string> {
  const [pool] = await tx
    .select({ id: pools.id })
    .from(pools)
    .where(and(eq(pools.ownerId, accountId), eq(pools.poolType, 'Default')));
  if (!pool) throw notFound('No such user.');
  return pool.id;
}

/** The pool an account draws from: its shared pool if it is in one, else its Default pool. */
export async function drawingPoolOf(tx: Database, accountId: string): Promise<string> {
  const [account] = await tx.select({ poolId: accounts.poolId }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound('No such user.');
  return account.poolId ?? defaultPoolOf(tx, accountId);
}

/**
 * Where an account may allocate its stock (docs/product.md, "Licenses, pools and stock"): the Default pool of one of
 * its own children, or one of its own shared pools. So every pool has exactly one pool it receives
 * from, and what that pool counts as allocated is what its receivers hold.
 */
export async function allocationTarget(
  tx: Database,
  actorId: string,
  targetId: string,
  isUser: boolean,
): Promise<Target> {
  if (isUser) {
    const [child] = await tx
      .select({ id: accounts.id, name: accounts.name, poolId: pools.id })
      .from(accounts)
      .innerJoin(pools, and(eq(pools.ownerId, accounts.id), eq(pools.poolType, 'Default')))
      .where(and(eq(accounts.id, targetId), eq(accounts.parentId, actorId)));
    if (!child) throw notFound('No such user.');
    return { poolId: child.poolId, name: child.name, type: 'User', id: child.id };
  }
  const [pool] = await tx
    .select({ id: pools.id, name: pools.name })
    .from(pools)
    .where(and(eq(pools.id, targetId), eq(pools.ownerId, actorId), eq(pools.poolType, 'Pool')));
  if (!pool) throw notFound('No such pool.');
  return { poolId: pool.id, name: pool.name, type: 'Pool', id: pool.id };
}

export async function productOf(
  tx: Database,
  code: string,
): Promise<{ code: string; name: string; editions: string[] }> {
  const [product] = await tx.select().from(products).where(eq(products.code, code));
  if (!product) throw badRequest('Unknown product code.', [{ field: 'productCode', message: 'Unknown product code.' }]);
  return product;
}

/** The products of several items in one query, looked up before any row is locked; unknown is a 400. */
export async function productsOf(
  tx: Database,
  codes: string[],
): Promise<Map<string, { code: string; name: string; editions: string[] }>> {
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.code, [...new Set(codes)]));
  const found = new Map(rows.map((row) => [row.code, row]));
  if (codes.some((code) => !found.has(code)))
    throw badRequest('Unknown product code.', [{ field: 'productCode', message: 'Unknown product code.' }]);
  return found;
}
