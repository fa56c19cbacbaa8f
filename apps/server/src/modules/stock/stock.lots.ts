import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { licenses, products, stock } from '../../db/schema';

/** What every read of held lots shows: the lot, its product's name, and the units the pool has available. */
const heldLotColumns = {
  licenseId: licenses.id,
  productCode: licenses.productCode,
  productName: products.name,
  edition: licenses.edition,
  usageType: licenses.usageType,
  startDate: licenses.startDate,
  expiryDate: licenses.expiryDate,
  available: stock.available,
};

/**
 * The lots pools hold, one row per pool and lot (a stock row joined to its lot and product), with
 * `more` columns beside the usual ones. The caller adds its `where` (which pool, which lots) and order.
 */
export function selectHeldLots<More extends SelectedFields>(db: Database, more: More) {
  return db
    .select({ ...heldLotColumns, ...more })
    .from(stock)
    .innerJoin(licenses, eq(licenses.id, stock.licenseId))
    .innerJoin(products, eq(products.code, licenses.productCode));
}
