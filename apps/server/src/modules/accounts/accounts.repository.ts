import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountRef, AccountUser, ChildAccount } from '@portal/contracts/accounts';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type Account, accounts, pools } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import type { Principal } from '../auth/sessions.repository';
import { belowScopeRoot, inScope, readScope, type Scope, writeScope } from './scope';

export const DUPLICATE_EMAIL = 'An account with this email already exists.';
const sharedPool = alias(pools, 'shared_pool');

/** The Users screen: accounts strictly below the caller's read scope, with their pool. */
export async function listChildAccounts(
  db: Database,
  principal: Principal,
  query: { pageNumber?: number; pageSize?: number; search?: string; eligibleForPoolId?: string },
): Promise<{ rows: ChildAccount[]; total: number }> {
  const scope = readScope(principal);
  const pattern = containsPattern(query.search);
  const pool = query.eligibleForPoolId ? await findReadablePool(db, principal, query.eligibleForPoolId) : undefined;
  const where = and(
    belowScopeRoot(scope, accounts.id, principal.accountId),
    pool
      ? and(eq(accounts.parentId, pool.ownerId), sql`${accounts.poolId} IS DISTINCT FROM ${pool.id}::uuid`)
      : undefined,
    pattern
      ? or(ilike(accounts.name, pattern), ilike(accounts.email, pattern), ilike(sharedPool.name, pattern))
      : undefined,
  );
  const pageSize = query.pageSize ?? 2500;
  const offset = ((query.pageNumber ?? 1) - 1) * pageSize;
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      email: accounts.email,
      active: accounts.active,
      roles: accounts.roles,
      poolId: accounts.poolId,
      poolName: sharedPool.name,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .leftJoin(sharedPool, eq(sharedPool.id, accounts.poolId))
    .where(where)
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id))
    .limit(pageSize)
    .offset(offset);
  // Counted apart from the page: the page is read off the name index and stops early, and the
  // pool's name is joined only when the search needs it.
  const count = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(accounts);
  const [counted] = pattern
    ? await count.leftJoin(sharedPool, eq(sharedPool.id, accounts.poolId)).where(where)
    : await count.where(where);
  return {
    total: counted?.n ?? 0,
    rows: rows.map(({ createdAt, roles, ...row }) => ({
      ...row,
      roles: roles as Role[],
      createdAt: createdAt.toISOString(),
    })),
  };
}

/** A shared pool whose owner the caller may read, or 404. */
export async function findReadablePool(db: Database, principal: Principal, poolId: string) {
  const [pool] = await db
    .select()
    .from(pools)
    .where(and(eq(pools.id, poolId), eq(pools.poolType, 'Pool'), inScope(readScope(principal), pools.ownerId)));
  if (!pool) throw notFound('No such pool.');
  return pool;
}

/** Every account, for the SuperAdmin's `/users`. */
export async function listAllAccounts(db: Database): Promise<AccountUser[]> {
  const rows = await db
    .select()
    .from(accounts)
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id))
    .limit(10_000);
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    active: a.active,
    roles: a.roles as Role[],
    createdAt: a.createdAt.toISOString(),
  }));
}

/** The caller's own children that draw on their own licenses (Individual), for pool membership. */
export async function listChildrenWithoutLicenses(db: Database, principal: Principal): Promise<AccountRef[]> {
  return db
    .select({ id: accounts.id, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.parentId, principal.accountId), sql`${accounts.poolId} IS NULL`))
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
  },
): Promise<Account> {
  // Nobody knows this password: the account signs in after confirming its email.
  const passwordHash = values.passwordHash ?? (await hashPassword(newToken()));
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          email: values.email,
          name: values.name,
          passwordHash,
          roles: values.roles,
          parentId: values.parentId,
          poolId: values.poolId ?? null,
          createdAt: values.now,
          mustChangePassword: true,
        })
        .returning();
      if (!account) throw new Error('account insert returned nothing');
      await tx.insert(pools).values({
        ownerId: account.id,
        name: 'Default Pool',
        description: `${values.name}'s own licenses`,
        poolType: 'Default',
        createdAt: values.now,
      });
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
