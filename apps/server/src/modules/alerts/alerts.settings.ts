import { asc, eq, sql } from 'drizzle-orm';
import { ALERT_MSG, type AlertSettings, type UpdateAlertSettings } from '@portal/contracts/alerts';
import { badRequest } from '../../core/errors';
import type { Database } from '../../db/client';
import { alertSettings, alertThresholds, products } from '../../db/schema';

/**
 * An Admin's alert settings: its expiry window (the server's default until it saves one) and a
 * threshold for every product of the catalogue, 0 where it set none.
 */
export async function readAlertSettings(
  db: Database,
  accountId: string,
  defaultWindowDays: number,
): Promise<AlertSettings> {
  const [[saved], rows] = await Promise.all([
    db
      .select({ days: alertSettings.expiryWindowDays })
      .from(alertSettings)
      .where(eq(alertSettings.accountId, accountId)),
    db
      .select({ productCode: products.code, productName: products.name, threshold: alertThresholds.threshold })
      .from(products)
      .leftJoin(
        alertThresholds,
        sql`${alertThresholds.productCode} = ${products.code} AND ${alertThresholds.accountId} = ${accountId}::uuid`,
      )
      .orderBy(asc(products.name), asc(products.code)),
  ]);
  return {
    expiryWindowDays: saved?.days ?? defaultWindowDays,
    expiryWindowIsDefault: saved === undefined,
    thresholds: rows.map((row) => ({ ...row, threshold: row.threshold ?? 0 })),
  };
}

/**
 * Replaces the Admin's settings in one transaction. A product not in the catalogue is a 400 naming
 * its row and nothing changes; thresholds of 0 (no alert) and products left out are not kept.
 */
export async function saveAlertSettings(db: Database, accountId: string, input: UpdateAlertSettings): Promise<void> {
  const known = new Set((await db.select({ code: products.code }).from(products)).map((row) => row.code));
  const unknown = input.thresholds.flatMap((row, index) =>
    known.has(row.productCode) ? [] : [{ field: `thresholds.${index}.productCode`, message: ALERT_MSG.productUnknown }],
  );
  if (unknown.length > 0) throw badRequest(ALERT_MSG.productUnknown, unknown);
  const kept = input.thresholds.filter((row) => row.threshold > 0);
  await db.transaction(async (tx) => {
    await tx
      .insert(alertSettings)
      .values({ accountId, expiryWindowDays: input.expiryWindowDays })
      .onConflictDoUpdate({
        target: alertSettings.accountId,
        set: { expiryWindowDays: input.expiryWindowDays, updatedAt: sql`now()` },
      });
    await tx.delete(alertThresholds).where(eq(alertThresholds.accountId, accountId));
    if (kept.length > 0) {
      await tx
        .insert(alertThresholds)
        .values(kept.map((row) => ({ accountId, productCode: row.productCode, threshold: row.threshold })));
    }
  });
}
