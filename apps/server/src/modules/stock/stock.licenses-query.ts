import { and, asc, eq, exists, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { License, LicenseStatus, UsageReportRow } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, licenses, pools, products, stock } from '../../db/schema';
import { containsPattern } from '../../core/paging';
import { inScope, type Scope } from '../../core/scope';
import { statusSql } from './stock.queries';

/**
 * A lot is visible in a scope when it was issued to an account of the scope, or when a pool owned
 * by an account of the scope holds some of it (an Admin sees the lots its parent handed on to it).
 */
function visibleIn(db: Database, scope: Scope): SQL {
  if (scope.kind === 'all') return sql`true`;
  const held = db
    .select({ one: sql`1` })
    .from(stock)
    .innerJoin(pools, eq(pools.id, stock.poolId))
    .where(and(eq(stock.licenseId, licenses.id), gt(stock.total, 0), inScope(scope, pools.ownerId)));
  return or(inScope(scope, licenses.customerId), exists(held)) as SQL;
}

/** `GET /License`: the lots visible in the scope, newest first, by text and status. */
export async function listVisibleLicenses(
  db: Database,
  query: {
    scope: Scope;
    now: Date;
    pageNumber: number;
    pageSize: number;
    search?: string;
    status?: LicenseStatus;
  },
): Promise<{ rows: License[]; total: number }> {
  const pattern = containsPattern(query.search);
  const status = statusSql(query.now);
  const where = and(
    visibleIn(db, query.scope),
    pattern
      ? or(
          ilike(licenses.productCode, pattern),
          ilike(products.name, pattern),
          ilike(accounts.name, pattern),
          ilike(accounts.email, pattern),
          ilike(licenses.orderId, pattern),
        )
      : undefined,
    query.status ? sql`${status} = ${query.status}` : undefined,
  );
  const rows = await db
    .select({
      license: licenses,
      productName: products.name,
      productDescription: products.description,
      customerName: accounts.name,
      customerEmail: accounts.email,
      status,
    })
    .from(licenses)
    .innerJoin(products, eq(products.code, licenses.productCode))
    .innerJoin(accounts, eq(accounts.id, licenses.customerId))
    .where(where)
    .orderBy(sql`${licenses.createdAt} DESC`, asc(licenses.id))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(licenses)
    .innerJoin(products, eq(products.code, licenses.productCode))
    .innerJoin(accounts, eq(accounts.id, licenses.customerId))
    .where(where);
  return {
    total: counted?.n ?? 0,
    rows: rows.map(({ license: l, ...row }) => ({
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
    })),
  };
}

/**
 * `GET /LicenseUsageReport`: per account and product, the units held in the pools the account owns
 * (its Default pool and its shared pools; what it handed on is counted where it went). Available
 * leaves expired lots out, as groupedLicensesOfPools does, and total = available + in transit +
 * consumed, so a row adds up. Rows with a total of 0 are left out.
 */
export async function usageReport(
  db: Database,
  query: { now: Date; pageNumber: number; pageSize: number; search?: string; productCodes: string[] },
): Promise<{ rows: UsageReportRow[]; total: number }> {
  const pattern = containsPattern(query.search);
  const live = sql`(${licenses.expiryDate} IS NULL OR ${licenses.expiryDate} > ${query.now.toISOString()}::timestamptz)`;
  const available = sql<number>`coalesce(sum(${stock.available}) FILTER (WHERE ${live}), 0)`;
  const inTransit = sql<number>`coalesce(sum(${stock.inTransit}), 0)`;
  const consumed = sql<number>`coalesce(sum(${stock.consumed}), 0)`;
  const totalHeld = sql<number>`(${available} + ${inTransit} + ${consumed})`;
  const where = and(
    gt(stock.total, 0),
    pattern
      ? or(
          ilike(accounts.name, pattern),
          ilike(accounts.email, pattern),
          ilike(products.code, pattern),
          ilike(products.name, pattern),
        )
      : undefined,
    query.productCodes.length > 0
      ? or(...query.productCodes.map((code) => sql`lower(${products.code}) = lower(${code})`))
      : undefined,
  );
  const grouped = db
    .select({
      accountId: sql<string>`${accounts.id}`.as('account_id'),
      accountName: sql<string>`${accounts.name}`.as('account_name'),
      accountEmail: sql<string>`${accounts.email}`.as('account_email'),
      productCode: sql<string>`${products.code}`.as('product_code'),
      productName: sql<string>`${products.name}`.as('product_name'),
      totalLicenses: totalHeld.mapWith(Number).as('total_licenses'),
      consumedLicenses: consumed.mapWith(Number).as('consumed_licenses'),
      availableLicenses: available.mapWith(Number).as('available_licenses'),
      inTransitLicenses: inTransit.mapWith(Number).as('in_transit_licenses'),
    })
    .from(stock)
    .innerJoin(pools, eq(pools.id, stock.poolId))
    .innerJoin(accounts, eq(accounts.id, pools.ownerId))
    .innerJoin(licenses, eq(licenses.id, stock.licenseId))
    .innerJoin(products, eq(products.code, licenses.productCode))
    .where(where)
    .groupBy(accounts.id, accounts.name, accounts.email, products.code, products.name)
    .having(sql`${totalHeld} > 0`)
    .as('usage');
  const rows = await db
    .select()
    .from(grouped)
    .orderBy(
      sql`lower(${grouped.accountName})`,
      asc(grouped.accountId),
      sql`lower(${grouped.productName})`,
      asc(grouped.productCode),
    )
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(grouped);
  return { rows, total: counted?.n ?? 0 };
}
