import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DurationType, IssuableLot, UsageType } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { licenses, products, stock } from '../../db/schema';
import { defaultPoolOf, selectHeldLots } from '../stock';

/**
 * `GET /License/issuable`: the lots the account holds in its Default pool that a new lot can be drawn
 * from now (started, not expired, units available), by product, then soonest expiry (perpetual last).
 */
export async function issuableLots(db: Database, accountId: string, now: Date): Promise<IssuableLot[]> {
  const at = now.toISOString();
  const pool = await defaultPoolOf(db, accountId);
  const rows = await selectHeldLots(db, { durationType: licenses.durationType, duration: licenses.durationDays })
    .where(
      and(
        eq(stock.poolId, pool),
        gt(stock.available, 0),
        lte(licenses.startDate, sql`${at}::timestamptz`),
        or(isNull(licenses.expiryDate), gt(licenses.expiryDate, sql`${at}::timestamptz`)),
      ),
    )
    .orderBy(
      asc(products.name),
      asc(licenses.edition),
      sql`${licenses.expiryDate} ASC NULLS LAST`,
      asc(licenses.startDate),
      asc(licenses.id),
    );
  return rows.map((row) => ({
    ...row,
    usageType: row.usageType as UsageType,
    durationType: row.durationType as DurationType,
    startDate: row.startDate.toISOString(),
    expiryDate: row.expiryDate?.toISOString() ?? null,
  }));
}
