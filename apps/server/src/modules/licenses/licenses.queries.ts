import { and, asc, eq, exists, gt, or, sql, type SQL } from 'drizzle-orm';
import type { License, LicenseStatus } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, licenses, pools, products, stock } from '../../db/schema';
import { matchesAny, pageOffset } from '../../core/paging';
import { inScope, type Scope } from '../../core/scope';
import { licenseFields, statusSql, toLicense } from './licenses.fields';

/**
 * A lot is visible in a scope when it was issued to an account of the scope, or when a pool owned
 * by an account of the scope holds some of it (an Admin sees the lots its parent allocated to it).
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

/** The filters of the Licenses list and of its export, with the caller's scope and the time. */
export interface LicenseFilters {
  scope: Scope;
  now: Date;
  search?: string;
  status?: LicenseStatus;
}

/** The list's where-clause: visible in the scope, the search, the status computed at `now`. */
function licensesWhere(db: Database, query: LicenseFilters): SQL | undefined {
  return and(
    visibleIn(db, query.scope),
    matchesAny(query.search, [licenses.productCode, products.name, accounts.name, accounts.email, licenses.orderId]),
    query.status ? sql`${statusSql(query.now)} = ${query.status}` : undefined,
  );
}

/** The list's rows with product and customer, newest first (then by id), to be filtered and cut. */
function licenseRows(db: Database, now: Date, where: SQL | undefined) {
  return db
    .select({
      ...licenseFields(now),
      // The exact instant as text: a JS Date keeps milliseconds only, the column microseconds.
      cursorAt: sql<string>`${licenses.createdAt}::text`,
    })
    .from(licenses)
    .innerJoin(products, eq(products.code, licenses.productCode))
    .innerJoin(accounts, eq(accounts.id, licenses.customerId))
    .where(where)
    .orderBy(sql`${licenses.createdAt} DESC`, asc(licenses.id));
}

/** `GET /License`: the lots visible in the scope, newest first, by text and status. */
export async function listVisibleLicenses(
  db: Database,
  query: LicenseFilters & { pageNumber: number; pageSize: number },
): Promise<{ rows: License[]; total: number }> {
  const where = licensesWhere(db, query);
  const rows = await licenseRows(db, query.now, where)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNumber, query.pageSize));
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(licenses)
    .innerJoin(products, eq(products.code, licenses.productCode))
    .innerJoin(accounts, eq(accounts.id, licenses.customerId))
    .where(where);
  return { total: counted?.n ?? 0, rows: rows.map(toLicense) };
}

/**
 * `GET /License/export`: every lot the list would show with these filters, in its order (newest
 * first, then id), read in keyset batches after the last row's exact instant and id.
 */
export async function* licenseBatches(
  db: Database,
  query: LicenseFilters,
  batchSize: number,
): AsyncGenerator<License[]> {
  const where = licensesWhere(db, query);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await licenseRows(
      db,
      query.now,
      and(
        where,
        after
          ? sql`(${licenses.createdAt} < ${after.at}::timestamptz
              OR (${licenses.createdAt} = ${after.at}::timestamptz AND ${licenses.id} > ${after.id}::uuid))`
          : undefined,
      ),
    ).limit(batchSize);
    if (rows.length > 0) yield rows.map(toLicense);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursorAt, id: last.license.id };
  }
}

/**
 * The command palette's lots (decision 048): those visible in the caller's scope whose order ID
 * begins with `like` (a LIKE pattern in lower case), newest first.
 */
export async function lotsByOrderId(db: Database, scope: Scope, like: string, limit: number) {
  return db
    .select({
      id: licenses.id,
      orderId: sql<string>`${licenses.orderId}`,
      productName: products.name,
      customerName: accounts.name,
    })
    .from(licenses)
    .innerJoin(products, eq(products.code, licenses.productCode))
    .innerJoin(accounts, eq(accounts.id, licenses.customerId))
    .where(and(visibleIn(db, scope), sql`lower(${licenses.orderId}) LIKE ${like}`))
    .orderBy(sql`${licenses.createdAt} DESC`, asc(licenses.id))
    .limit(limit);
}
