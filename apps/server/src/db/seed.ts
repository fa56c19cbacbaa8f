import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '@portal/contracts/roles';
import { hashPassword } from '../lib/passwords';
import type { Database } from './client';
import { accounts, pools } from './schema';

interface DemoAccount {
  key: string;
  email: string;
  name: string;
  roles: Role[];
  parent?: string;
  twoFactor?: boolean;
}

/** The demo organisation of the README: a provider's SuperAdmin and one customer tree. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { key: 'superadmin', email: 'superadmin@example.com', name: 'Sam Provider', roles: ['SuperAdmin'] },
  { key: 'admin', email: 'admin@example.com', name: 'Alex Admin', roles: ['Admin'] },
  { key: 'auditor', email: 'auditor@example.com', name: 'Avery Auditor', roles: ['Auditor'], parent: 'admin' },
  { key: 'user', email: 'user@example.com', name: 'Uma User', roles: ['User'], parent: 'admin' },
  { key: 'user2', email: 'user2@example.com', name: 'Umar User', roles: ['User'], parent: 'admin' },
  {
    key: 'secure',
    email: 'secure@example.com',
    name: 'Sasha Secure',
    roles: ['User'],
    parent: 'admin',
    twoFactor: true,
  },
];

export function randomDemoPassword(): string {
  return `Demo-${randomBytes(12).toString('base64url')}`;
}

/** Whether any account exists: the demo organisation is seeded into an empty database only. */
async function hasAccounts(db: Database): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(accounts)
    .limit(1);
  return rows.length > 0;
}

/** More demo data, written in the seed's transaction once the accounts exist (ids by DEMO_ACCOUNTS key). */
export type SeedMore = (tx: Database, ids: ReadonlyMap<string, string>, now: Date) => Promise<void>;

/**
 * Seeds the demo organisation on an empty database; does nothing when any account exists.
 * Returns whether it seeded. `more` adds what the modules own (the demo stock: db/ imports no
 * module, so the caller passes it in; see demo-seed.ts).
 */
export async function seedDemo(db: Database, password: string, now = new Date(), more?: SeedMore): Promise<boolean> {
  // Every start after the first: no password hashing (a sixth of a second of CPU) to learn it.
  if (await hasAccounts(db)) return false;
  // One hash per account (own salt): equal hashes would show that the accounts share a password.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(password)));
  return db.transaction(async (tx) => {
    // Two instances starting at once on PostgreSQL: only one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    if (await hasAccounts(tx)) return false;
    const ids = new Map<string, string>();
    for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
      const [row] = await tx
        .insert(accounts)
        .values({
          email: demo.email,
          name: demo.name,
          passwordHash: hashes[index] as string,
          roles: demo.roles,
          parentId: demo.parent ? ids.get(demo.parent) : null,
          createdAt: now,
          emailValidatedAt: now,
          twoFactorEnabled: demo.twoFactor ?? false,
        })
        .returning({ id: accounts.id });
      if (!row) throw new Error('seed insert returned nothing');
      ids.set(demo.key, row.id);
      await tx.insert(pools).values({
        ownerId: row.id,
        name: 'Default Pool',
        description: `${demo.name}'s own licenses`,
        poolType: 'Default',
        createdAt: now,
      });
    }
    if (more) await more(tx, ids, now);
    return true;
  });
}
