import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AllocationHierarchy,
  DashboardSectionId,
  PoolAllocations,
  ProductAllocationRow,
} from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, pools } from '../../db/schema';
import { notFound } from '../../core/errors';
import { containsPattern } from '../../core/paging';
import { viewedAccountOf } from '../../core/scope';
import type { Principal } from '../../core/session';
import { asGroupedLicense, groupsOfPools, type PoolGroup } from '../pools';

type PoolType = 'Default' | 'Pool';

function productRow(row: PoolGroup, poolName: string, childEmail?: string): ProductAllocationRow {
  return {
    ...asGroupedLicense(row),
    productDescription: row.productDescription,
    totalQuantity: row.totalCount,
    availableQuantity: row.availableCount,
    consumedQuantity: row.consumedCount,
    allocatedQuantity: row.allocatedCount,
    inTransitQuantity: row.inTransitCount,
    // A stock row's total is available + in transit + consumed + allocated (a CHECK of the ledger),
    // and the group's available count leaves expired lots out: what is left of the total expired.
    expiredQuantity: Math.max(
      0,
      row.totalCount - row.availableCount - row.inTransitCount - row.consumedCount - row.allocatedCount,
    ),
    poolName,
    ...(childEmail === undefined ? {} : { childEmail }),
  };
}

/** The viewed account and the shared pool it draws from (its parent's), or 404. */
async function subjectOf(db: Database, principal: Principal) {
  const subjectId = viewedAccountOf(principal);
  const memberOf = alias(pools, 'member_of');
  const [subject] = await db
    .select({ id: accounts.id, poolId: memberOf.id, poolName: memberOf.name })
    .from(accounts)
    .leftJoin(memberOf, eq(memberOf.id, accounts.poolId))
    .where(eq(accounts.id, subjectId));
  if (!subject) throw notFound('No such user.');
  return subject;
}

const poolSortName = sql<string>`lower(${pools.name})`;

/** The pools an account owns, by name then id (its Default pool among them), after a key if given. */
function ownedPools(db: Database, ownerId: string, where?: SQL) {
  return db
    .select({ id: pools.id, name: pools.name, poolType: pools.poolType, sortName: poolSortName })
    .from(pools)
    .where(and(eq(pools.ownerId, ownerId), where))
    .orderBy(asc(poolSortName), asc(pools.id));
}

const childSortName = sql<string>`lower(${accounts.name})`;

/**
 * An account's direct children with their own Default pool and the pool assigned to them, by name
 * then id; `matches` says whether the name or email contains the pattern (the export's search).
 */
function childrenOf(db: Database, parentId: string, pattern?: string, where?: SQL) {
  const own = alias(pools, 'own_pool');
  const assigned = alias(pools, 'assigned_pool');
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      email: accounts.email,
      poolId: own.id,
      poolName: own.name,
      assignedId: assigned.id,
      assignedName: assigned.name,
      sortName: childSortName,
      matches: pattern
        ? sql<boolean>`(${accounts.name} ILIKE ${pattern} OR ${accounts.email} ILIKE ${pattern})`
        : sql<boolean>`false`,
    })
    .from(accounts)
    .innerJoin(own, and(eq(own.ownerId, accounts.id), eq(own.poolType, 'Default')))
    .leftJoin(assigned, eq(assigned.id, accounts.poolId))
    .where(and(eq(accounts.parentId, parentId), where))
    .orderBy(asc(childSortName), asc(accounts.id));
}

/** The groups of many pools, by pool (one query); `nextExpiry` as groupsOfPools says. */
async function groupsByPool(
  db: Database,
  poolIds: string[],
  now: Date,
  search?: string,
): Promise<Map<string, PoolGroup[]> & { nextExpiry?: number }> {
  const { rows, nextExpiry } = await groupsOfPools(db, poolIds, now, { search });
  const byPool: Map<string, PoolGroup[]> & { nextExpiry?: number } = new Map();
  for (const row of rows) byPool.set(row.poolId, [...(byPool.get(row.poolId) ?? []), row]);
  if (nextExpiry !== undefined) byPool.nextExpiry = nextExpiry;
  return byPool;
}

/**
 * `LicensePool/user-allocation-hierarchy`: the viewed account's Default pool, its shared pools, its
 * direct children (their own Default pools) and the shared pool it draws from. Four small reads of
 * pools and accounts, then ONE grouped stock query over every pool involved. `validUntil`: when
 * the first lot it counts as available expires (ms), which the read cache keeps it until.
 */
export async function allocationHierarchy(
  db: Database,
  principal: Principal,
  now: Date,
): Promise<{ hierarchy: AllocationHierarchy; validUntil?: number }> {
  const subject = await subjectOf(db, principal);
  const owned = await ownedPools(db, subject.id);
  const children = await childrenOf(db, subject.id);
  const defaultPool = owned.find((pool) => pool.poolType === 'Default');
  if (!defaultPool) throw notFound('No such user.');
  const shared = owned.filter((pool) => pool.poolType === 'Pool');
  const poolIds = [...owned.map((p) => p.id), ...children.map((c) => c.poolId)];
  if (subject.poolId) poolIds.push(subject.poolId);
  const byPool = await groupsByPool(db, poolIds, now);
  const section = (pool: { id: string; name: string }, poolType: PoolType, childEmail?: string): PoolAllocations => ({
    poolId: pool.id,
    poolName: pool.name,
    poolType,
    productAllocations: (byPool.get(pool.id) ?? []).map((row) => productRow(row, pool.name, childEmail)),
  });
  const hierarchy = {
    defaultPool: section(defaultPool, 'Default'),
    customPools: shared.map((pool) => section(pool, 'Pool')),
    childUsers: children.map((child) => ({
      userId: child.id,
      userName: child.name,
      userEmail: child.email,
      defaultPool: section({ id: child.poolId, name: child.poolName }, 'Default', child.email),
      assignedPool: child.assignedId ? { poolId: child.assignedId, poolName: child.assignedName ?? '' } : null,
    })),
    parentAccountPool:
      subject.poolId && subject.poolName ? section({ id: subject.poolId, name: subject.poolName }, 'Pool') : null,
  };
  // Until the next lot it counts expires, the answer stays true unless the data change.
  return { hierarchy, ...(byPool.nextExpiry === undefined ? {} : { validUntil: byPool.nextExpiry }) };
}

/** A row of a dashboard section's export: a group a pool holds, with the child's name in 'users'. */
export type DashboardExportRow = ProductAllocationRow & { userName?: string };

/**
 * `LicensePool/user-allocation-hierarchy/export`: every row of one dashboard section, from the same
 * reads as allocationHierarchy. `search` matches product code, name or edition (groupsOfPools)
 * and in 'users' also the child's name or email. Shared pools and children are read in keyset
 * batches (after the last name and id), each batch's stock in one grouped query.
 */
export async function* dashboardSectionBatches(
  db: Database,
  principal: Principal,
  query: { section: DashboardSectionId; search?: string },
  now: Date,
  batchSize: number,
): AsyncGenerator<DashboardExportRow[]> {
  const { search } = query;
  const subject = await subjectOf(db, principal);
  const rowsOf = (byPool: Map<string, PoolGroup[]>, pool: { id: string; name: string }, childEmail?: string) =>
    (byPool.get(pool.id) ?? []).map((row) => productRow(row, pool.name, childEmail));
  if (query.section === 'own' || query.section === 'account') {
    const [own] = query.section === 'own' ? await ownedPools(db, subject.id, eq(pools.poolType, 'Default')) : [];
    const pool = own ?? (subject.poolId && subject.poolName ? { id: subject.poolId, name: subject.poolName } : null);
    if (pool) yield rowsOf(await groupsByPool(db, [pool.id], now, search), pool);
    return;
  }
  let after: { name: string; id: string } | undefined;
  for (;;) {
    if (query.section === 'shared') {
      const key = after ? sql`(${poolSortName}, ${pools.id}) > (${after.name}, ${after.id}::uuid)` : undefined;
      const batch = await ownedPools(db, subject.id, and(eq(pools.poolType, 'Pool'), key)).limit(batchSize);
      const byPool = await groupsByPool(
        db,
        batch.map((pool) => pool.id),
        now,
        search,
      );
      const rows = batch.flatMap((pool) => rowsOf(byPool, pool));
      if (rows.length > 0) yield rows;
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) return;
      after = { name: last.sortName, id: last.id };
    } else {
      const key = after ? sql`(${childSortName}, ${accounts.id}) > (${after.name}, ${after.id}::uuid)` : undefined;
      const batch = await childrenOf(db, subject.id, containsPattern(search), key).limit(batchSize);
      // A child whose name or email matches shows all its groups; the others the groups that match.
      const matching = await groupsByPool(
        db,
        batch.filter((child) => child.matches).map((child) => child.poolId),
        now,
      );
      const others = await groupsByPool(
        db,
        batch.filter((child) => !child.matches).map((child) => child.poolId),
        now,
        search,
      );
      const rows = batch.flatMap((child) =>
        rowsOf(child.matches ? matching : others, { id: child.poolId, name: child.poolName }, child.email).map(
          (row) => ({ ...row, userName: child.name }),
        ),
      );
      if (rows.length > 0) yield rows;
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) return;
      after = { name: last.sortName, id: last.id };
    }
  }
}
