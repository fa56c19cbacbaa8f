import type { Role } from '@portal/contracts/roles';
import type { Locale } from '@portal/contracts/locales';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type Account, accounts } from '../db/schema';
import { unauthorized } from './errors';

/**
 * The owner of the `accounts` table: every write to an account row is one of the named changes
 * below (docs/architecture.md, "Tables and their owners"). It sits in core because every module
 * changes an account for its own reason (a sign-in, the EULA, a password, a pool) and core is
 * what they all may import; the rules of who may change whom stay in the modules that call these.
 */

/** What a password change writes: the hash, and whether it is one-time (someone else chose it). */
export interface PasswordFields {
  passwordHash: string;
  mustChangePassword: boolean;
  passwordExpiresAt: Date | null;
}

export async function insertAccountRow(
  db: Database,
  values: {
    email: string;
    name: string;
    passwordHash: string;
    roles: Role[];
    parentId: string | null;
    poolId: string | null;
    now: Date;
    /**
     * An account made at its first single sign-on (decision 038): it has no password to change, and
     * its identity provider vouched for its address.
     */
    signsInWithSso?: boolean;
  },
): Promise<Account> {
  const [account] = await db
    .insert(accounts)
    .values({
      email: values.email,
      name: values.name,
      passwordHash: values.passwordHash,
      roles: values.roles,
      parentId: values.parentId,
      poolId: values.poolId,
      createdAt: values.now,
      mustChangePassword: !values.signsInWithSso,
      ...(values.signsInWithSso && { emailValidatedAt: values.now }),
    })
    .returning();
  if (!account) throw new Error('account insert returned nothing');
  return account;
}

/** A full sign-in: the last one becomes the previous one (the header's "last sign-in"). */
export async function stampSignIn(db: Database, accountId: string, now: Date): Promise<void> {
  await db
    .update(accounts)
    .set({ previousLoginAt: sql`${accounts.lastLoginAt}`, lastLoginAt: now })
    .where(eq(accounts.id, accountId));
}

/** The zone the person shows times in (decision 051), or null for the browser's. */
export async function setAccountTimeZone(db: Database, accountId: string, timeZone: string | null): Promise<void> {
  await db.update(accounts).set({ timeZone }).where(eq(accounts.id, accountId));
}

/** The language of the person's interface, mail and exports (decision 052), or null for the browser's. */
export async function setAccountLocale(db: Database, accountId: string, locale: Locale | null): Promise<void> {
  await db.update(accounts).set({ locale }).where(eq(accounts.id, accountId));
}

export async function stampEulaAccepted(db: Database, accountId: string, version: string, now: Date): Promise<void> {
  await db.update(accounts).set({ eulaAcceptedAt: now, eulaVersion: version }).where(eq(accounts.id, accountId));
}

/**
 * A new password. `validatesEmail`: the change proves the account reads its mailbox (a mailed
 * link was used), so the address counts as validated from now on if it was not already.
 */
export async function setPassword(
  db: Database,
  accountId: string,
  fields: PasswordFields,
  options: { validatesEmail?: Date } = {},
): Promise<void> {
  const validated = options.validatesEmail;
  await db
    .update(accounts)
    .set({
      ...fields,
      ...(validated && {
        emailValidatedAt: sql`coalesce(${accounts.emailValidatedAt}, ${validated.toISOString()}::timestamptz)`,
      }),
    })
    .where(eq(accounts.id, accountId));
}

/** The shared pool the accounts draw from; null returns them to their own Default pool. */
export async function setAccountsPool(db: Database, accountIds: string[], poolId: string | null): Promise<void> {
  if (accountIds.length === 0) return;
  await db.update(accounts).set({ poolId }).where(inArray(accounts.id, accountIds));
}

export async function setAccountRoles(db: Database, accountId: string, roles: Role[]): Promise<void> {
  await db.update(accounts).set({ roles }).where(eq(accounts.id, accountId));
}

export async function setAccountActive(db: Database, accountId: string, active: boolean): Promise<void> {
  await db.update(accounts).set({ active }).where(eq(accounts.id, accountId));
}

export async function renameAccount(db: Database, accountId: string, name: string): Promise<void> {
  await db.update(accounts).set({ name }).where(eq(accounts.id, accountId));
}

/**
 * The account moves to another address (Transfer Account): the new address is unvalidated and
 * nobody knows the password until the new owner confirms it.
 */
export async function moveAccountToEmail(
  db: Database,
  accountId: string,
  values: { email: string; name: string; passwordHash: string },
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, emailValidatedAt: null, mustChangePassword: true })
    .where(eq(accounts.id, accountId));
}

/** The signed-in caller's own row, or 401: the account went away after its session was read. */
export async function callerAccount(db: Database, accountId: string): Promise<Account> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw unauthorized('Your session has ended. Please sign in again.');
  return account;
}
