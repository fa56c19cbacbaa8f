import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { GroupedLicense } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { licenses, products, stock } from '../../db/schema';
import { matchesAny, pageOffset } from '../../core/paging';

/** A group of interchangeable lots as one pool holds it, with what the pool allocated onward. */
export interface PoolGroup extends GroupedLicense {
  poolId: string;
  productDescription: string;
  /** Units allocated to child users' Default pools and shared pools. */
  allocatedCount: number;
}

/**
 * What each of the given pools holds, by group of interchangeable lots, in ONE grouped query (the
 * views of many pools must not ask once per pool): the License Pools list and the allocation
 * screens read it. availableCount leaves out expired lots (their units can be neither allocated nor
 * consumed); the other counts keep them as history. Groups the pool never held (total 0) are left
 * out; `search` matches product code, name or edition; `page` pages the groups (then `total` counts
 * every matching group); `nextExpiry` is when the first lot still live among them expires (ms).
 */
export async function groupsOfPools(
  db: Database,
  poolIds: string[],
  now: Date,
  options: { search?: string; page?: { pageNumber: number; pageSize: number } } = {},
): Promise<{ rows: PoolGroup[]; total: number; nextExpiry?: number }> {
  if (poolIds.length === 0) return { rows: [], total: 0 };
  const live = sql`(${licenses.expiryDate} IS NULL OR ${licenses.expiryDate} > ${now.toISOString()}::timestamptz)`;
  const query = db
    .select({
      poolId: stock.poolId,
      groupKey: licenses.groupKey,
      productCode: licenses.productCode,
      productName: products.name,
      productDescription: products.description,
      edition: licenses.edition,
      durationType: licenses.durationType,
      usageType: licenses.usageType,
      duration: licenses.durationDays,
      totalCount: sql<number>`sum(${stock.total})`.mapWith(Number),
      availableCount: sql<number>`coalesce(sum(${stock.available}) FILTER (WHERE ${live}), 0)`.mapWith(Number),
      consumedCount: sql<number>`sum(${stock.consumed})`.mapWith(Number),
      inTransitCount: sql<number>`sum(${stock.inTransit})`.mapWith(Number),
      allocatedCount: sql<number>`sum(${stock.allocated})`.mapWith(Number),
      matching: sql<number>`count(*) OVER ()`.mapWith(Number),
      // When the group's next lot expires: its available count changes then.
      nextExpiry: sql<string | null>`min(${licenses.expiryDate}) FILTER (WHERE ${live})`,
    })
    .from(stock)
    .innerJoin(licenses, eq(licenses.id, stock.licenseId))
    .innerJoin(products, eq(products.code, licenses.productCode))
    .where(
      and(
        inArray(stock.poolId, [...new Set(poolIds)]),
        matchesAny(options.search, [licenses.productCode, products.name, licenses.edition]),
      ),
    )
    .groupBy(
      stock.poolId,
      licenses.groupKey,
      licenses.productCode,
      products.name,
      products.description,
      licenses.edition,
      licenses.durationType,
      licenses.usageType,
      licenses.durationDays,
    )
    .having(sql`sum(${stock.total}) > 0`)
    .orderBy(asc(stock.poolId), asc(products.name), asc(licenses.groupKey))
    .$dynamic();
  const page = options.page;
  const rows = await (page ? query.limit(page.pageSize).offset(pageOffset(page.pageNumber, page.pageSize)) : query);
  let total = rows[0]?.matching ?? 0;
  if (page && rows.length === 0 && page.pageNumber > 1) {
    // Past the last page: count without a page.
    total = (await groupsOfPools(db, poolIds, now, { search: options.search })).total;
  }
  const expiries = rows.flatMap((row) => (row.nextExpiry ? [new Date(row.nextExpiry).getTime()] : []));
  return {
    total,
    ...(expiries.length > 0 ? { nextExpiry: Math.min(...expiries) } : {}),
    rows: rows.map(({ matching: _m, nextExpiry: _e, ...row }) => ({
      ...row,
      durationType: row.durationType as GroupedLicense['durationType'],
      usageType: row.usageType as GroupedLicense['usageType'],
    })),
  };
}

/** A PoolGroup as the grouped-license answers carry it (without pool, description and allocated). */
export function asGroupedLicense(row: PoolGroup): GroupedLicense {
  const { poolId: _p, productDescription: _d, allocatedCount: _a, ...grouped } = row;
  return grouped;
}

/** One pool's groups, as the grouped-license answers carry them. */
export async function groupedLicensesOfPool(db: Database, poolId: string, now: Date): Promise<GroupedLicense[]> {
  const { rows } = await groupsOfPools(db, [poolId], now);
  return rows.map(asGroupedLicense);
}
