import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { setAccountsPool } from '../../core/accounts';
import type { AccountRef } from '@portal/contracts/accounts';
import type { GroupedLicense } from '@portal/contracts/licenses';
import type { ManageAccountsResult, Pool } from '@portal/contracts/pools';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accounts, pools } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { matchesAny, pageOffset } from '../../core/paging';
import { belowScopeRoot, inScope, readScope, writeScope } from '../../core/scope';
import type { Principal } from '../../core/session';
import { asGroupedLicense, groupsOfPools } from './pools.holdings';

export const DUPLICATE_POOL = 'A pool with this name already exists.';

/** The filters of the License Pools list and of its export. */
export interface PoolFilters {
  poolType?: 'Default' | 'Pool';
  search?: string;
}

/** The list's where-clause: owner inside the caller's read scope, the pool type, the search. */
function poolsWhere(principal: Principal, query: PoolFilters): SQL | undefined {
  return and(
    inScope(readScope(principal), pools.ownerId),
    eq(pools.poolType, query.poolType ?? 'Pool'),
    matchesAny(query.search, [pools.name, pools.description]),
  );
}

const poolSortName = sql<string>`lower(${pools.name})`;

/** The list's rows with their owner and member count, by name then id, to be filtered and cut. */
function poolRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: pools.id,
      name: pools.name,
      poolType: pools.poolType,
      description: pools.description,
      createdAt: pools.createdAt,
      ownerName: accounts.name,
      ownerEmail: accounts.email,
      userCount: sql<number>`(SELECT count(*) FROM accounts m WHERE m.pool_id = ${pools.id})`.mapWith(Number),
      sortName: poolSortName,
    })
    .from(pools)
    .innerJoin(accounts, eq(accounts.id, pools.ownerId))
    .where(where)
    .orderBy(asc(poolSortName), asc(pools.id));
}

/** The rows with what each pool holds: one grouped query for all of them. */
async function withHoldings(db: Database, rows: Awaited<ReturnType<typeof poolRows>>, now: Date): Promise<Pool[]> {
  const held = new Map<string, GroupedLicense[]>();
  const { rows: groups } = await groupsOfPools(
    db,
    rows.map((row) => row.id),
    now,
  );
  for (const group of groups) held.set(group.poolId, [...(held.get(group.poolId) ?? []), asGroupedLicense(group)]);
  return rows.map(({ createdAt, sortName: _sortName, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    groupedLicenses: held.get(row.id) ?? [],
  }));
}

/** Pools whose owner is inside the caller's read scope; shared pools unless Default is asked for. */
export async function listPools(
  db: Database,
  principal: Principal,
  query: PoolFilters & { pageNumber: number; pageSize: number },
  now: Date,
): Promise<{ rows: Pool[]; total: number }> {
  const where = poolsWhere(principal, query);
  const rows = await poolRows(db, where).limit(query.pageSize).offset(pageOffset(query.pageNumber, query.pageSize));
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(pools)
    .where(where);
  return { total: counted?.n ?? 0, rows: await withHoldings(db, rows, now) };
}

/**
 * The shared pools a bulk change selects (decision 049): the listed ones among `ids`, or every one
 * the list's filter matches, by name, at most `limit` (one more tells the caller there are too many).
 */
export async function selectPools(
  db: Database,
  principal: Principal,
  selection: { ids?: string[]; search?: string },
  limit: number,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: pools.id, name: pools.name })
    .from(pools)
    .where(and(poolsWhere(principal, selection), selection.ids ? inArray(pools.id, selection.ids) : undefined))
    .orderBy(poolSortName, pools.id)
    .limit(limit);
}

/**
 * `GET /LicensePool/export`: every pool the list would show with these filters, in its order, with
 * what each holds, read in keyset batches (after the last row's name and id).
 */
export async function* poolBatches(
  db: Database,
  principal: Principal,
  query: PoolFilters,
  now: Date,
  batchSize: number,
): AsyncGenerator<Pool[]> {
  const where = poolsWhere(principal, query);
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const rows = await poolRows(
      db,
      and(where, after ? sql`(${poolSortName}, ${pools.id}) > (${after.name}, ${after.id}::uuid)` : undefined),
    ).limit(batchSize);
    if (rows.length > 0) yield await withHoldings(db, rows, now);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { name: last.sortName, id: last.id };
  }
}

/** A shared pool whose owner the caller may read, or 404. */
export async function findReadablePool(db: Database, principal: Principal, poolId: string) {
  const [pool] = await db
    .select()
    .from(pools)
    .where(and(eq(pools.id, poolId), eq(pools.poolType, 'Pool'), inScope(readScope(principal), pools.ownerId)));
  if (!pool) throw notFound('No such pool.');
  return pool;
}

export async function createPool(
  db: Database,
  principal: Principal,
  input: { name: string; description: string },
  now: Date,
): Promise<{ id: string; name: string }> {
  try {
    const [pool] = await db
      .insert(pools)
      .values({
        ownerId: principal.accountId,
        name: input.name,
        description: input.description,
        poolType: 'Pool',
        createdAt: now,
      })
      .returning({ id: pools.id, name: pools.name });
    if (!pool) throw new Error('pool insert returned nothing');
    return pool;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_POOL);
    throw error;
  }
}

/** The members of a pool the caller may read; 404 for any other pool. */
export async function listPoolUsers(db: Database, principal: Principal, poolId: string): Promise<AccountRef[]> {
  await findReadablePool(db, principal, poolId);
  return db
    .select({ id: accounts.id, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.poolId, poolId))
    .orderBy(asc(sql`lower(${accounts.name})`));
}

/**
 * Moves accounts into and out of one shared pool in one transaction. Only children of the pool's
 * owner can join (an account joining leaves its previous pool, listed in `moved`). Any id outside the caller's scope
 * is a 404 and nothing moves. Other refusals are listed; without allowPartialAssignment they
 * cancel the whole request (409).
 */
export async function manageAccounts(
  db: Database,
  principal: Principal,
  input: { poolId: string; addUserIds: string[]; removeUserIds: string[]; allowPartialAssignment: boolean },
): Promise<ManageAccountsResult> {
  const add = [...new Set(input.addUserIds)];
  const remove = [...new Set(input.removeUserIds)];
  if (add.some((id) => remove.includes(id))) throw badRequest('A user cannot be both added and removed.');
  if (add.length + remove.length === 0) throw badRequest('Choose at least one user to add or remove.');
  return db.transaction(async (tx) => {
    const scope = writeScope(principal);
    const [pool] = await tx
      .select()
      .from(pools)
      .where(and(eq(pools.id, input.poolId), eq(pools.poolType, 'Pool'), inScope(scope, pools.ownerId)))
      // Not FOR UPDATE: that would wait on, and deadlock with, the key-share lock that an
      // account's pool_id foreign key takes in update-pool.
      .for('no key update');
    if (!pool) throw notFound('No such pool.');
    const ids = [...add, ...remove];
    const found = await tx
      .select({ id: accounts.id, parentId: accounts.parentId, poolId: accounts.poolId })
      .from(accounts)
      .where(and(inArray(accounts.id, ids), belowScopeRoot(scope, accounts.id, principal.accountId)))
      .for('update');
    if (found.length !== ids.length) throw notFound('No such user.');
    const byId = new Map(found.map((a) => [a.id, a]));
    const result: ManageAccountsResult = { added: [], removed: [], refused: [], moved: [] };
    for (const id of add) {
      const account = byId.get(id);
      if (account?.parentId !== pool.ownerId)
        result.refused.push({ userId: id, reason: 'Only child accounts of the pool owner can join this pool.' });
      else if (account.poolId === pool.id) result.refused.push({ userId: id, reason: 'Already in this pool.' });
      else result.added.push(id);
    }
    for (const id of remove) {
      if (byId.get(id)?.poolId !== pool.id) result.refused.push({ userId: id, reason: 'Not in this pool.' });
      else result.removed.push(id);
    }
    if (result.refused.length > 0 && !input.allowPartialAssignment) {
      throw new AppError(409, `Nothing was changed: ${result.refused.map((r) => r.reason).join(' ')}`);
    }
    // An account joining from another shared pool leaves it: the answer and the audit say so.
    const leaving = new Map(
      result.added.flatMap((id) => {
        const from = byId.get(id)?.poolId;
        return from ? [[id, from] as const] : [];
      }),
    );
    if (leaving.size > 0) {
      const previous = await tx
        .select({ id: pools.id, name: pools.name })
        .from(pools)
        .where(inArray(pools.id, [...new Set(leaving.values())]));
      const names = new Map(previous.map((p) => [p.id, p.name]));
      for (const [userId, fromPoolId] of leaving) {
        result.moved.push({ userId, fromPoolId, fromPoolName: names.get(fromPoolId) ?? '' });
      }
    }
    await setAccountsPool(tx, result.added, pool.id);
    await setAccountsPool(tx, result.removed, null);
    return result;
  });
}
