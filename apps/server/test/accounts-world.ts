import { afterAll, beforeAll } from 'vitest';
import { acceptEula, addAccount, addSharedPool, idOf } from './fixtures';
import { bearer, createTestContext, type TestContext } from './helper';

/** The organisations the account journeys run in: the demo one and a second, foreign one. */
export interface AccountsWorld {
  ctx: TestContext;
  admin: string;
  auditor: string;
  superAdmin: string;
  adminPool: string;
  other: { admin: string; user: string; pool: string; token: string };
}

export async function accountsWorld(): Promise<AccountsWorld> {
  const ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, [
    'superadmin@example.com',
    'admin@example.com',
    'auditor@example.com',
    'user@example.com',
    'user2@example.com',
  ]);
  const adminPool = await addSharedPool(db, await idOf(db, 'admin@example.com'), 'Sales');
  const otherAdmin = await addAccount(db, { email: 'other.admin@example.com', roles: ['Admin'] });
  const other = {
    admin: otherAdmin,
    user: await addAccount(db, { email: 'other.user@example.com', roles: ['User'], parentId: otherAdmin }),
    pool: await addSharedPool(db, otherAdmin, 'Other pool'),
    token: await ctx.login('other.admin@example.com'),
  };
  return {
    ctx,
    adminPool,
    other,
    admin: await ctx.login('admin@example.com'),
    auditor: await ctx.login('auditor@example.com'),
    superAdmin: await ctx.login('superadmin@example.com'),
  };
}

/** A call with a bearer token, as the journeys make them. */
export function caller(ctx: TestContext) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

export interface ChildRow {
  email: string;
  poolName: string | null;
  active: boolean;
  id: string;
  roles: string[];
}

/** The world with the calls the journeys make in it. */
export interface AccountsJourney extends AccountsWorld {
  call: ReturnType<typeof caller>;
  /** GET /api/User/child-accounts as the holder of `token`. */
  children: (token: string) => Promise<ChildRow[]>;
}

/**
 * The world of a whole test file: built before its first test and closed after its last. The
 * object is there at once and filled in before the tests run; read its fields inside the tests.
 */
export function useAccountsWorld(): AccountsJourney {
  const world = {} as AccountsJourney;
  beforeAll(async () => {
    Object.assign(world, await accountsWorld());
  });
  afterAll(() => world.ctx.close());
  world.call = (...args) => caller(world.ctx)(...args);
  world.children = async (token) =>
    (await world.call('GET', '/api/User/child-accounts', token)).json<{ data: ChildRow[] }>().data;
  return world;
}
