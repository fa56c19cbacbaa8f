import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { GroupedLicense } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { licenses, products, stock } from '../../db/schema';

/**
 * What each pool holds, by group of interchangeable lots. availableCount leaves out expired lots
 * (their units can be neither allocated nor consumed); the other counts keep them as history.
 */
export async function groupedLicensesOfPools(
  db: Database,
  poolIds: string[],
  now: Date,
): Promise<(GroupedLicense & { poolId: string })[]> {
  if (poolIds.length === 0) return [];
  const live = sql`(${licenses.expiryDate} IS NULL OR ${licenses.expiryDate} > ${now.toISOString()}::timestamptz)`;
  const rows = await db
    .select({
      poolId: stock.poolId,
      groupKey: licenses.groupKey,
      productCode: licenses.productCode,
      productName: products.name,
      edition: licenses.edition,
      durationType: licenses.durationType,
      usageType: licenses.usageType,
      duration: licenses.durationDays,
      totalCount: sql<number>`sum(${stock.total})`.mapWith(Number),
      availableCount: sql<number>`coalesce(sum(${stock.available}) FILTER (WHERE ${live}), 0)`.mapWith(Number),
      consumedCount: sql<number>`sum(${stock.consumed})`.mapWith(Number),
      inTransitCount: sql<number>`sum(${stock.inTransit})`.mapWith(Number),
    })
    .from(stock)
    .innerJoin(licenses, eq(licenses.id, stock.licenseId))
    .innerJoin(products, eq(products.code, licenses.productCode))
    .where(and(inArray(stock.poolId, poolIds), sql`${stock.total} > 0`))
    .groupBy(
      stock.poolId,
      licenses.groupKey,
      licenses.productCode,
      products.name,
      licenses.edition,
      licenses.durationType,
      licenses.usageType,
      licenses.durationDays,
    )
    .orderBy(asc(stock.poolId), asc(products.name), asc(licenses.groupKey));
  return rows.map((row) => ({
    ...row,
    durationType: row.durationType as GroupedLicense['durationType'],
    usageType: row.usageType as GroupedLicense['usageType'],
  }));
}

export async function groupedLicensesOfPool(db: Database, poolId: string, now: Date): Promise<GroupedLicense[]> {
  const rows = await groupedLicensesOfPools(db, [poolId], now);
  return rows.map(({ poolId: _pool, ...row }) => row);
}
