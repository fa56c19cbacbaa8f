import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AvailableSummaryItem, MyAllocationGroup, PoolSummary, UserSummary } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, pools } from '../../db/schema';
import { notFound } from '../../core/errors';
import { belowScopeRoot, inScope, readScope, viewedAccountOf } from '../../core/scope';
import type { Principal } from '../../core/session';
import { defaultPoolOf } from '../stock';
import { asGroupedLicense, groupsOfPools, type PoolGroup } from '../pools';

const groupingFactors = (row: PoolGroup) => ({
  ProductCode: row.productCode,
  Duration: row.duration,
  Edition: row.edition,
});

/** What a summary row says of its group: its key, its product (name, description) and its kind. */
const groupOf = (row: PoolGroup) => ({
  groupKey: row.groupKey,
  productCode: row.productCode,
  name: row.productName,
  description: row.productDescription,
  edition: row.edition,
  durationType: row.durationType,
  usageType: row.usageType,
  duration: row.duration,
});

/** `available-summary`: what the caller can allocate now from its own Default pool, by group. */
export async function availableSummary(db: Database, principal: Principal, now: Date): Promise<AvailableSummaryItem[]> {
  const pool = await defaultPoolOf(db, principal.accountId);
  const { rows } = await groupsOfPools(db, [pool], now);
  return rows
    .filter((row) => row.availableCount > 0)
    .map((row) => ({
      ...groupOf(row),
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
  const { rows, total } = await groupsOfPools(db, [pool], now, {
    search: query.search,
    page: { pageNumber: query.pageNumber, pageSize: query.pageSize },
  });
  return {
    total,
    rows: rows.map((row) => ({
      ...groupOf(row),
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
  const { rows } = await groupsOfPools(db, [child.ownPoolId], now);
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
  const { rows } = await groupsOfPools(db, [pool.id], now);
  return [
    {
      poolId: pool.id,
      poolName: pool.name,
      poolType: pool.poolType,
      groupedLicenses: rows.map(asGroupedLicense),
    },
  ];
}

/**
 * `LicenseAllocation/export`: every group of the caller's own Default pool that the License
 * Allocations list shows with this search, read a batch of groups at a time through mySummary.
 */
export async function* mySummaryBatches(
  db: Database,
  principal: Principal,
  query: { search?: string },
  now: Date,
  batchSize: number,
): AsyncGenerator<MyAllocationGroup[]> {
  for (let pageNumber = 1; ; pageNumber++) {
    const { rows } = await mySummary(db, principal, { ...query, pageNumber, pageSize: batchSize }, now);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}
