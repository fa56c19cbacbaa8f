import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { UsageReportRow } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, licenses, pools, products, stock } from '../../db/schema';
import { matchesAny, pageOffset } from '../../core/paging';

/**
 * `GET /LicenseUsageReport`: per account and product, the units held in the pools the account owns
 * (its Default pool and its shared pools; what it allocated is counted where it went). Available
 * leaves expired lots out, as the pools' holdings do (groupsOfPools), and total = available + in transit +
 * consumed, so a row adds up. Rows with a total of 0 are left out.
 */
export async function usageReport(
  db: Database,
  query: UsageFilters & { pageNumber: number; pageSize: number },
): Promise<{ rows: UsageReportRow[]; total: number }> {
  const grouped = usageGroups(db, query);
  const rows = await usageRows(db, grouped, undefined)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNumber, query.pageSize));
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(grouped);
  return { rows: rows.map(toUsageRow), total: counted?.n ?? 0 };
}

/** The filters of the usage report and of its export. */
export interface UsageFilters {
  now: Date;
  search?: string;
  productCodes: string[];
}

/** The report's rows: per account and product, what the account's own pools hold, with the filters. */
function usageGroups(db: Database, query: UsageFilters) {
  const live = sql`(${licenses.expiryDate} IS NULL OR ${licenses.expiryDate} > ${query.now.toISOString()}::timestamptz)`;
  const available = sql<number>`coalesce(sum(${stock.available}) FILTER (WHERE ${live}), 0)`;
  const inTransit = sql<number>`coalesce(sum(${stock.inTransit}), 0)`;
  const consumed = sql<number>`coalesce(sum(${stock.consumed}), 0)`;
  const totalHeld = sql<number>`(${available} + ${inTransit} + ${consumed})`;
  const where = and(
    gt(stock.total, 0),
    matchesAny(query.search, [accounts.name, accounts.email, products.code, products.name]),
    query.productCodes.length > 0
      ? or(...query.productCodes.map((code) => sql`lower(${products.code}) = lower(${code})`))
      : undefined,
  );
  return db
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
}

type UsageGroups = ReturnType<typeof usageGroups>;

/** The report's order: account name, account, product name, product; its key for the keyset. */
const usageKey = (g: UsageGroups) =>
  sql`(lower(${g.accountName}), ${g.accountId}, lower(${g.productName}), ${g.productCode})`;

function usageRows(db: Database, grouped: UsageGroups, where: SQL | undefined) {
  return db
    .select({
      accountId: grouped.accountId,
      accountName: grouped.accountName,
      accountEmail: grouped.accountEmail,
      productCode: grouped.productCode,
      productName: grouped.productName,
      totalLicenses: grouped.totalLicenses,
      consumedLicenses: grouped.consumedLicenses,
      availableLicenses: grouped.availableLicenses,
      inTransitLicenses: grouped.inTransitLicenses,
      sortAccount: sql<string>`lower(${grouped.accountName})`,
      sortProduct: sql<string>`lower(${grouped.productName})`,
    })
    .from(grouped)
    .where(where)
    .orderBy(
      sql`lower(${grouped.accountName})`,
      asc(grouped.accountId),
      sql`lower(${grouped.productName})`,
      asc(grouped.productCode),
    );
}

const toUsageRow = ({
  sortAccount: _account,
  sortProduct: _product,
  ...row
}: Awaited<ReturnType<typeof usageRows>>[number]): UsageReportRow => row;

/**
 * `GET /LicenseUsageReport/export`: every row the report shows with these filters, in its order,
 * in keyset batches after the last row's (account name, account, product name, product).
 */
export async function* usageReportBatches(
  db: Database,
  query: UsageFilters,
  batchSize: number,
): AsyncGenerator<UsageReportRow[]> {
  const grouped = usageGroups(db, query);
  let after: SQL | undefined;
  for (;;) {
    const rows = await usageRows(db, grouped, after ? sql`${usageKey(grouped)} > ${after}` : undefined).limit(
      batchSize,
    );
    if (rows.length > 0) yield rows.map(toUsageRow);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = sql`(${last.sortAccount}, ${last.accountId}::uuid, ${last.sortProduct}, ${last.productCode})`;
  }
}
