import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AllocationHierarchy,
  AvailableSummaryItem,
  MyAllocationGroup,
  PoolAllocations,
  PoolSummary,
  ProductAllocationRow,
  UserSummary,
} from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, pools } from '../../db/schema';
import { notFound } from '../../core/errors';
import { belowScopeRoot, inScope, readScope } from '../../core/scope';
import type { Principal } from '../../core/session';
import { allocationGroupsOfPools, asGroupedLicense, type PoolGroup } from '../stock';

type PoolType = 'Default' | 'Pool';

/** The account whose stock a caller's own views show: an Auditor reads the organisation it audits. */
export function viewedAccountOf(principal: Principal): string {
  const roles: readonly string[] = principal.roles;
  if (roles.includes('SuperAdmin')) return principal.accountId;
  if (roles.includes('Auditor')) return principal.parentId ?? principal.accountId;
  return principal.accountId;
}

async function defaultPoolOf(db: Database, accountId: string): Promise<{ id: string; name: string }> {
  const [pool] = await db
    .select({ id: pools.id, name: pools.name })
    .from(pools)
    .where(and(eq(pools.ownerId, accountId), eq(pools.poolType, 'Default')));
  if (!pool) throw notFound('No such user.');
  return pool;
}

const groupingFactors = (row: PoolGroup) => ({
  ProductCode: row.productCode,
  Duration: row.duration,
  Edition: row.edition,
});

/** `available-summary`: what the caller can hand on now from its own Default pool, by group. */
export async function availableSummary(db: Database, principal: Principal, now: Date): Promise<AvailableSummaryItem[]> {
  const pool = await defaultPoolOf(db, principal.accountId);
  const { rows } = await allocationGroupsOfPools(db, [pool.id], now);
  return rows
    .filter((row) => row.availableCount > 0)
    .map((row) => ({
      groupKey: row.groupKey,
      productCode: row.productCode,
      name: row.productName,
      description: row.productDescription,
      edition: row.edition,
      durationType: row.durationType,
      usageType: row.usageType,
      duration: row.duration,
      availableCount: row.availableCount,
      groupingFactors: groupingFactors(row),
    }));
}

/**
 * `user-summary?fetchType=self`: the caller's own Default pool by group, paged; an Auditor's is the
 * organisation it audits, as on its dashboard (viewedAccountOf).
 */
export async function mySummary(
  db: Database,
  principal: Principal,
  query: { pageNumber: number; pageSize: number; search?: string },
  now: Date,
): Promise<{ rows: MyAllocationGroup[]; total: number }> {
  const pool = await defaultPoolOf(db, viewedAccountOf(principal));
  const { rows, total } = await allocationGroupsOfPools(db, [pool.id], now, {
    search: query.search,
    page: { pageNumber: query.pageNumber, pageSize: query.pageSize },
  });
  return {
    total,
    rows: rows.map((row) => ({
      groupKey: row.groupKey,
      productCode: row.productCode,
      name: row.productName,
      description: row.productDescription,
      edition: row.edition,
      durationType: row.durationType,
      usageType: row.usageType,
      duration: row.duration,
      totalCount: row.totalCount,
      availableCount: row.availableCount,
      consumedCount: row.consumedCount,
      inTransitCount: row.inTransitCount,
      allocatedCount: row.allocatedCount,
      groupingFactors: groupingFactors(row),
    })),
  };
}

/**
 * `user-summary/{childId}`: a child strictly below the caller's read scope (else 404), the pool it
 * draws from, and what its own Default pool holds (what a revoke can take back).
 */
export async function childSummary(
  db: Database,
  principal: Principal,
  childId: string,
  now: Date,
): Promise<UserSummary> {
  const own = alias(pools, 'own_pool');
  const shared = alias(pools, 'shared_pool');
  const [child] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      email: accounts.email,
      roles: accounts.roles,
      ownPoolId: own.id,
      ownPoolName: own.name,
      sharedPoolId: shared.id,
      sharedPoolName: shared.name,
    })
    .from(accounts)
    .innerJoin(own, and(eq(own.ownerId, accounts.id), eq(own.poolType, 'Default')))
    .leftJoin(shared, eq(shared.id, accounts.poolId))
    .where(and(eq(accounts.id, childId), belowScopeRoot(readScope(principal), accounts.id, principal.accountId)));
  if (!child) throw notFound('No such user.');
  const { rows } = await allocationGroupsOfPools(db, [child.ownPoolId], now);
  return {
    users: [
      {
        id: child.id,
        name: child.name,
        email: child.email,
        roles: child.roles,
        poolType: child.sharedPoolId ? 'Pool' : 'Default',
        poolId: child.sharedPoolId ?? child.ownPoolId,
        poolName: child.sharedPoolName ?? child.ownPoolName,
        groupedLicenses: rows.map(asGroupedLicense),
      },
    ],
  };
}

/**
 * `pool-summary?poolId=`: a pool (Default or shared) whose owner is in the caller's read scope, or
 * the shared pool the caller draws from; any other id is a 404.
 */
export async function poolSummary(
  db: Database,
  principal: Principal,
  poolId: string,
  now: Date,
): Promise<PoolSummary[]> {
  const [pool] = await db
    .select({ id: pools.id, name: pools.name, poolType: pools.poolType })
    .from(pools)
    .where(
      and(
        eq(pools.id, poolId),
        or(
          inScope(readScope(principal), pools.ownerId),
          sql`${pools.id} = (SELECT pool_id FROM accounts WHERE id = ${principal.accountId}::uuid)`,
        ),
      ),
    );
  if (!pool) throw notFound('No such pool.');
  const { rows } = await allocationGroupsOfPools(db, [pool.id], now);
  return [
    {
      poolId: pool.id,
      poolName: pool.name,
      poolType: pool.poolType,
      groupedLicenses: rows.map(asGroupedLicense),
    },
  ];
}

function productRow(row: PoolGroup, poolName: string, childEmail?: string): ProductAllocationRow {
  return {
    ...asGroupedLicense(row),
    productDescription: row.productDescription,
    totalQuantity: row.totalCount,
    availableQuantity: row.availableCount,
    consumedQuantity: row.consumedCount,
    allocatedQuantity: row.allocatedCount,
    inTransitQuantity: row.inTransitCount,
    poolName,
    ...(childEmail === undefined ? {} : { childEmail }),
  };
}

/**
 * `LicensePool/user-allocation-hierarchy`: the viewed account's Default pool, its shared pools, its
 * direct children (their own Default pools) and the shared pool it draws from. Four small reads of
 * pools and accounts, then ONE grouped stock query over every pool involved.
 */
export async function allocationHierarchy(db: Database, principal: Principal, now: Date): Promise<AllocationHierarchy> {
  const subjectId = viewedAccountOf(principal);
  const memberOf = alias(pools, 'member_of');
  const [subject] = await db
    .select({ id: accounts.id, poolId: memberOf.id, poolName: memberOf.name })
    .from(accounts)
    .leftJoin(memberOf, eq(memberOf.id, accounts.poolId))
    .where(eq(accounts.id, subjectId));
  if (!subject) throw notFound('No such user.');
  const owned = await db
    .select({ id: pools.id, name: pools.name, poolType: pools.poolType })
    .from(pools)
    .where(eq(pools.ownerId, subjectId))
    .orderBy(asc(sql`lower(${pools.name})`), asc(pools.id));
  const own = alias(pools, 'own_pool');
  const assigned = alias(pools, 'assigned_pool');
  const children = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      email: accounts.email,
      poolId: own.id,
      poolName: own.name,
      assignedId: assigned.id,
      assignedName: assigned.name,
    })
    .from(accounts)
    .innerJoin(own, and(eq(own.ownerId, accounts.id), eq(own.poolType, 'Default')))
    .leftJoin(assigned, eq(assigned.id, accounts.poolId))
    .where(eq(accounts.parentId, subjectId))
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id));
  const defaultPool = owned.find((pool) => pool.poolType === 'Default');
  if (!defaultPool) throw notFound('No such user.');
  const shared = owned.filter((pool) => pool.poolType === 'Pool');
  const poolIds = [...owned.map((p) => p.id), ...children.map((c) => c.poolId)];
  if (subject.poolId) poolIds.push(subject.poolId);
  const { rows } = await allocationGroupsOfPools(db, poolIds, now);
  const byPool = new Map<string, PoolGroup[]>();
  for (const row of rows) byPool.set(row.poolId, [...(byPool.get(row.poolId) ?? []), row]);
  const section = (pool: { id: string; name: string }, poolType: PoolType, childEmail?: string): PoolAllocations => ({
    poolId: pool.id,
    poolName: pool.name,
    poolType,
    productAllocations: (byPool.get(pool.id) ?? []).map((row) => productRow(row, pool.name, childEmail)),
  });
  return {
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
}
