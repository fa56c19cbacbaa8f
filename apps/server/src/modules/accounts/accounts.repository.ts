import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AccountRef,
  AccountSortKey,
  AccountUser,
  allAccountsQuerySchema,
  ChildAccount,
} from '@portal/contracts/accounts';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type Account, accounts, pools } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import { containsPattern, matchesAny, pageOffset } from '../../core/paging';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import type { Principal } from '../../core/session';
import { belowScopeRoot, readScope, type Scope, writeScope } from '../../core/scope';
import { createDefaultPool, findReadablePool } from '../pools';
import { insertAccountRow } from '../../core/accounts';

export const DUPLICATE_EMAIL = 'An account with this email already exists.';
const sharedPool = alias(pools, 'shared_pool');

/** The filters of the Users screen and of its export. */
export interface ChildAccountFilters {
  search?: string;
  eligibleForPoolId?: string;
}

/** The Users screen's where-clause: below the caller's read scope, the pool filter, the search. */
async function childAccountsWhere(db: Database, principal: Principal, query: ChildAccountFilters) {
  const scope = readScope(principal);
  const pool = query.eligibleForPoolId ? await findReadablePool(db, principal, query.eligibleForPoolId) : undefined;
  const where = and(
    belowScopeRoot(scope, accounts.id, principal.accountId),
    pool
      ? and(eq(accounts.parentId, pool.ownerId), sql`${accounts.poolId} IS DISTINCT FROM ${pool.id}::uuid`)
      : undefined,
    matchesAny(query.search, [accounts.name, accounts.email, sharedPool.name]),
  );
  return { where, searched: containsPattern(query.search) !== undefined };
}

/** What both account lists (the Users screen and the SuperAdmin's) show of an account. */
const listedAccountColumns = {
  id: accounts.id,
  name: accounts.name,
  email: accounts.email,
  active: accounts.active,
  roles: accounts.roles,
};

const childSortName = sql<string>`lower(${accounts.name})`;

/** The Users screen's rows with their pool, by name then id, to be filtered and cut. */
function childAccountRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      ...listedAccountColumns,
      poolId: accounts.poolId,
      poolName: sharedPool.name,
      createdAt: accounts.createdAt,
      sortName: childSortName,
    })
    .from(accounts)
    .leftJoin(sharedPool, eq(sharedPool.id, accounts.poolId))
    .where(where)
    .orderBy(asc(childSortName), asc(accounts.id));
}

function toChildAccount({
  createdAt,
  sortName: _sortName,
  ...row
}: Awaited<ReturnType<typeof childAccountRows>>[number]): ChildAccount {
  return { ...row, createdAt: createdAt.toISOString() };
}

/** The Users screen: accounts strictly below the caller's read scope, with their pool. */
export async function listChildAccounts(
  db: Database,
  principal: Principal,
  query: ChildAccountFilters & { pageNumber?: number; pageSize?: number },
): Promise<{ rows: ChildAccount[]; total: number }> {
  const { where, searched } = await childAccountsWhere(db, principal, query);
  const pageSize = query.pageSize ?? 2500;
  const offset = pageOffset(query.pageNumber ?? 1, pageSize);
  const rows = await childAccountRows(db, where).limit(pageSize).offset(offset);
  // Counted apart from the page: the page is read off the name index and stops early, and the
  // pool's name is joined only when the search needs it.
  const count = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(accounts);
  const [counted] = searched
    ? await count.leftJoin(sharedPool, eq(sharedPool.id, accounts.poolId)).where(where)
    : await count.where(where);
  return { total: counted?.n ?? 0, rows: rows.map(toChildAccount) };
}

/**
 * The accounts a bulk change selects (decision 049): the listed ones among `ids`, or every one the
 * Users screen's filter matches, by name, at most `limit` (one more tells the caller there are too many).
 */
export async function selectChildAccounts(
  db: Database,
  principal: Principal,
  selection: { ids?: string[]; search?: string },
  limit: number,
): Promise<{ id: string; name: string }[]> {
  const { where } = await childAccountsWhere(db, principal, { search: selection.search });
  const rows = await childAccountRows(
    db,
    and(where, selection.ids ? inArray(accounts.id, selection.ids) : undefined),
  ).limit(limit);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/**
 * `GET /User/child-accounts/export`: every account the Users screen would list with these filters,
 * in its order, read in keyset batches (after the last row's name and id).
 */
export async function childAccountBatches(
  db: Database,
  principal: Principal,
  query: ChildAccountFilters,
  batchSize: number,
): Promise<AsyncGenerator<ChildAccount[]>> {
  // Before the answer begins: a pool outside the scope is a 404, not a cut download.
  const { where } = await childAccountsWhere(db, principal, query);
  return (async function* () {
    let after: { name: string; id: string } | undefined;
    for (;;) {
      const rows = await childAccountRows(
        db,
        and(where, after ? sql`(${childSortName}, ${accounts.id}) > (${after.name}, ${after.id}::uuid)` : undefined),
      ).limit(batchSize);
      if (rows.length > 0) yield rows.map(toChildAccount);
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      after = { name: last.sortName, id: last.id };
    }
  })();
}

const SORT_COLUMNS = {
  name: sql`lower(${accounts.name})`,
  email: sql`lower(${accounts.email})`,
  active: accounts.active,
} satisfies Record<AccountSortKey, unknown>;

type AllAccountsQuery = z.output<typeof allAccountsQuerySchema>;
type AllAccountsFilters = Pick<AllAccountsQuery, 'search' | 'sortBy' | 'sortOrder'>;

/** The SuperAdmin list's where-clause: name, email or a role contains the search. */
function allAccountsWhere(query: AllAccountsFilters): SQL | undefined {
  return matchesAny(query.search, [accounts.name, accounts.email, sql`array_to_string(${accounts.roles}, ' ')`]);
}

/** The SuperAdmin list's rows in its order (the sort column, then id), to be filtered and cut. */
function allAccountRows(db: Database, query: AllAccountsFilters, where: SQL | undefined) {
  const direction = query.sortOrder === 'desc' ? desc : asc;
  return db
    .select({
      ...listedAccountColumns,
      createdAt: accounts.createdAt,
      sortKey: sql<string>`(${SORT_COLUMNS[query.sortBy]})::text`,
    })
    .from(accounts)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sortBy]), direction(accounts.id));
}

function toAccountUser({
  createdAt,
  sortKey: _sortKey,
  ...row
}: Awaited<ReturnType<typeof allAccountRows>>[number]): AccountUser {
  return { ...row, createdAt: createdAt.toISOString() };
}

/** Every account, for the SuperAdmin's `/users`: one page, filtered on name, email or a role. */
export async function listAllAccounts(
  db: Database,
  query: AllAccountsQuery,
): Promise<{ rows: AccountUser[]; total: number }> {
  const where = allAccountsWhere(query);
  const rows = await allAccountRows(db, query, where)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNumber, query.pageSize));
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(accounts)
    .where(where);
  return { total: counted?.n ?? 0, rows: rows.map(toAccountUser) };
}

/**
 * `GET /User/accounts/export`: every account the SuperAdmin's list shows with this search, in its
 * sort order, read in keyset batches (after the last row's sort value and id).
 */
export async function* allAccountBatches(
  db: Database,
  query: AllAccountsFilters,
  batchSize: number,
): AsyncGenerator<AccountUser[]> {
  const where = allAccountsWhere(query);
  const column = SORT_COLUMNS[query.sortBy];
  const type = query.sortBy === 'active' ? sql`boolean` : sql`text`;
  const beyond = query.sortOrder === 'desc' ? sql`<` : sql`>`;
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const rows = await allAccountRows(
      db,
      query,
      and(
        where,
        after ? sql`(${column}, ${accounts.id}) ${beyond} (${after.key}::${type}, ${after.id}::uuid)` : undefined,
      ),
    ).limit(batchSize);
    if (rows.length > 0) yield rows.map(toAccountUser);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { key: last.sortKey, id: last.id };
  }
}

/**
 * The caller's own children that are Individual and hold no stock in their own Default pool: the ones
 * that can join a shared pool without leaving units behind in a pool they no longer draw from.
 */
export async function listChildrenWithoutLicenses(db: Database, principal: Principal): Promise<AccountRef[]> {
  return db
    .select({ id: accounts.id, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(
      and(
        eq(accounts.parentId, principal.accountId),
        sql`${accounts.poolId} IS NULL`,
        // Holding no stock of its own: no unit in its Default pool, whether available, reserved,
        // consumed or handed on (decision 016).
        sql`NOT EXISTS (SELECT 1 FROM stock s JOIN pools p ON p.id = s.pool_id
          WHERE p.owner_id = ${accounts.id} AND p.pool_type = 'Default' AND s.total > 0)`,
      ),
    )
    .orderBy(asc(sql`lower(${accounts.name})`));
}

/**
 * An account strictly below the caller's write scope, locked for update; 404 otherwise, so that
 * ids outside the scope cannot be told from ids that do not exist.
 */
export async function findChildForWrite(db: Database, principal: Principal, childId: string): Promise<Account> {
  const scope: Scope = writeScope(principal);
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, childId), belowScopeRoot(scope, accounts.id, principal.accountId)))
    .for('update');
  if (!account) throw notFound('No such user.');
  return account;
}

/** Creates an account with its Default pool; a taken email is a 409. */
export async function insertAccount(
  db: Database,
  values: {
    email: string;
    name: string;
    roles: Role[];
    parentId: string | null;
    poolId?: string | null;
    passwordHash?: string;
    now: Date;
    /** Made at its first single sign-on (modules/sso): no password to change, address vouched for. */
    signsInWithSso?: boolean;
  },
): Promise<Account> {
  // Nobody knows this password: the account signs in after confirming its email.
  const passwordHash = values.passwordHash ?? (await hashPassword(newToken()));
  try {
    return await db.transaction(async (tx) => {
      const account = await insertAccountRow(tx, { ...values, passwordHash, poolId: values.poolId ?? null });
      await createDefaultPool(tx, account, values.now);
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

/** A shared pool of `ownerId` (the pools a child of that owner may join), or 404. */
export async function findSharedPoolOf(db: Database, ownerId: string, poolId: string) {
  const [pool] = await db
    .select()
    .from(pools)
    .where(and(eq(pools.id, poolId), eq(pools.ownerId, ownerId), eq(pools.poolType, 'Pool')));
  if (!pool) throw notFound('No such pool.');
  return pool;
}
