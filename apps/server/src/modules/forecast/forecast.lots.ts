import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { UsageType } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { licenses, stock } from '../../db/schema';
import { selectHeldLots } from '../stock';

/** What one pool holds of one lot, with the lot's dates: the forecast's raw material (decision 028). */
export interface PoolLot {
  licenseId: string;
  productCode: string;
  productName: string;
  edition: string;
  usageType: UsageType;
  orderId: string | null;
  startDate: Date;
  expiryDate: Date | null;
  available: number;
  inTransit: number;
}

/**
 * The lots of the given products that a pool holds units of, available or in transit, soonest
 * expiry first (perpetual last). A plain read: nothing is locked, the caller's transaction decides
 * what snapshot it sees.
 */
export async function lotsOfPool(db: Database, poolId: string, productCodes: readonly string[]): Promise<PoolLot[]> {
  if (productCodes.length === 0) return [];
  const rows = await selectHeldLots(db, { orderId: licenses.orderId, inTransit: stock.inTransit })
    .where(
      and(
        eq(stock.poolId, poolId),
        inArray(licenses.productCode, [...new Set(productCodes)]),
        or(sql`${stock.available} > 0`, sql`${stock.inTransit} > 0`),
      ),
    )
    .orderBy(sql`${licenses.expiryDate} ASC NULLS LAST`, asc(licenses.startDate), asc(licenses.id));
  return rows.map((row) => ({ ...row, usageType: row.usageType as UsageType }));
}
