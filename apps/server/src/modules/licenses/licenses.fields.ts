import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { License, LicenseStatus } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, licenses, products, stock } from '../../db/schema';
import { pageOffset } from '../../core/paging';

/**
 * A lot's status, computed where it is read so that it is never stale: Expired once the expiry
 * has passed (dates first), Exhausted when no pool has a unit available or in transit, else Active.
 */
export function statusSql(now: Date): SQL<LicenseStatus> {
  return sql<LicenseStatus>`CASE
    WHEN ${licenses.expiryDate} IS NOT NULL AND ${licenses.expiryDate} <= ${now.toISOString()}::timestamptz THEN 'Expired'
    WHEN NOT EXISTS (SELECT 1 FROM ${stock} s WHERE s.license_id = ${licenses.id} AND s.available + s.in_transit > 0)
      THEN 'Exhausted'
    ELSE 'Active' END`;
}

/** What a License is read from: the lot with its product and customer, its status at `now`. */
export const licenseFields = (now: Date) => ({
  license: licenses,
  productName: products.name,
  productDescription: products.description,
  customerName: accounts.name,
  customerEmail: accounts.email,
  status: statusSql(now),
  // Decision 029: a lot drawn from a held lot names the Admin that issued it.
  issuer: sql<{ name: string; email: string } | null>`(SELECT json_build_object('name', i.name, 'email', i.email)
      FROM accounts i WHERE i.id = ${licenses.createdBy} AND ${licenses.parentLicenseId} IS NOT NULL)`,
});

/** A row selected with licenseFields (joined to products and accounts), as the API shows it. */
export function toLicense({
  license: l,
  ...row
}: {
  license: typeof licenses.$inferSelect;
  productName: string;
  productDescription: string;
  customerName: string;
  customerEmail: string;
  status: LicenseStatus;
  issuer: { name: string; email: string } | null;
}): License {
  return {
    id: l.id,
    productCode: l.productCode,
    productName: row.productName,
    productDescription: row.productDescription,
    edition: l.edition,
    externalRefCode: l.externalRefCode,
    durationType: l.durationType as License['durationType'],
    usageType: l.usageType as License['usageType'],
    customer: { name: row.customerName, email: row.customerEmail },
    startDate: l.startDate.toISOString(),
    expiryDate: l.expiryDate?.toISOString() ?? null,
    duration: l.durationDays,
    totalCount: l.totalCount,
    floatingTimeLimit: l.floatingTimeLimit,
    orderId: l.orderId,
    groupKey: l.groupKey,
    status: row.status,
    createdAt: l.createdAt.toISOString(),
    issuedBy: row.issuer ? { name: row.issuer.name, email: row.issuer.email } : null,
  };
}

/** The lots issued to the given customers (all lots when none are given), newest first. */
export async function listLicenses(
  db: Database,
  query: { customerIds?: string[]; now: Date; pageNumber: number; pageSize: number },
): Promise<{ rows: License[]; total: number }> {
  const where = query.customerIds ? inArray(licenses.customerId, query.customerIds) : undefined;
  const rows = await db
    .select(licenseFields(query.now))
    .from(licenses)
    .innerJoin(products, eq(products.code, licenses.productCode))
    .innerJoin(accounts, eq(accounts.id, licenses.customerId))
    .where(where)
    .orderBy(sql`${licenses.createdAt} DESC`, asc(licenses.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNumber, query.pageSize));
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(licenses)
    .where(where);
  return { total: counted?.n ?? 0, rows: rows.map(toLicense) };
}

/** The status of one lot, as every list shows it. */
export async function licenseStatus(db: Database, licenseId: string, now: Date): Promise<LicenseStatus | undefined> {
  const [row] = await db
    .select({ status: statusSql(now) })
    .from(licenses)
    .where(eq(licenses.id, licenseId));
  return row?.status;
}
