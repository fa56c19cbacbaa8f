import { eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../src/db/client';
import { accounts, pools } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { CURRENT_EULA } from '../src/core/eula';
import { bearer, DEMO_PASSWORD, type TestContext } from './helper';

let demoHash: Promise<string> | undefined;

/** An account with its Default pool, signing in with the demo password, EULA accepted unless said. */
export async function addAccount(
  db: Database,
  values: {
    email: string;
    name?: string;
    roles: Role[];
    parentId?: string | null;
    poolId?: string | null;
    mustChangePassword?: boolean;
    eula?: boolean;
  },
): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const [row] = await db
    .insert(accounts)
    .values({
      email: values.email,
      name: values.name ?? values.email.split('@')[0] ?? 'x',
      passwordHash: await demoHash,
      roles: values.roles,
      parentId: values.parentId ?? null,
      poolId: values.poolId ?? null,
      mustChangePassword: values.mustChangePassword ?? false,
      eulaVersion: values.eula === false ? null : CURRENT_EULA.version,
      eulaAcceptedAt: values.eula === false ? null : new Date(),
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('insert failed');
  await db.insert(pools).values({ ownerId: row.id, name: 'Default Pool', poolType: 'Default' });
  return row.id;
}

export async function addSharedPool(db: Database, ownerId: string, name: string): Promise<string> {
  const [row] = await db
    .insert(pools)
    .values({ ownerId, name, description: `${name} pool`, poolType: 'Pool' })
    .returning({ id: pools.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

export async function idOf(db: Database, email: string): Promise<string> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

export async function acceptEula(db: Database, emails: string[]): Promise<void> {
  await db
    .update(accounts)
    .set({ eulaVersion: CURRENT_EULA.version, eulaAcceptedAt: new Date() })
    .where(inArray(accounts.email, emails));
}

/** Everything a refused request must leave as it was. */
export async function snapshot(db: Database): Promise<string> {
  const rows = await db.select().from(accounts).orderBy(accounts.id);
  const poolRows = await db.select().from(pools).orderBy(pools.id);
  return JSON.stringify({ rows, poolRows });
}

/** The email of an account (to sign in as one a fixture made). */
export async function emailOf(db: Database, id: string): Promise<string> {
  const [row] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id));
  if (!row) throw new Error(`no account ${id}`);
  return row.email;
}

/**
 * Signs accounts in, each named by its email or its id, once their EULA is accepted (a request
 * before it is refused): the bearer tokens under the same names.
 */
export async function signIn<Who extends string>(
  ctx: TestContext,
  named: Record<Who, string>,
): Promise<Record<Who, string>> {
  const db = ctx.handle.db;
  const emails = {} as Record<Who, string>;
  for (const [who, account] of Object.entries(named) as [Who, string][])
    emails[who] = account.includes('@') ? account : await emailOf(db, account);
  await acceptEula(db, Object.values(emails));
  const tokens = {} as Record<Who, string>;
  for (const [who, email] of Object.entries(emails) as [Who, string][]) tokens[who] = await ctx.login(email);
  return tokens;
}

/** The requests of the sign-in and password journeys: a POST as the holder of `token` (or signed out), and GET /api/User/me. */
export function userRequests(ctx: TestContext) {
  return {
    post: (url: string, payload: object, token?: string) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} }),
    me: (token: string) => ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) }),
  };
}
