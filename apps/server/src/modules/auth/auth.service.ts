import { eq, sql } from 'drizzle-orm';
import type { CurrentUser, LoginRequest, LoginResponse } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { createSession, type SessionPolicy } from './sessions.repository';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const ACCOUNT_INACTIVE = 'This account is inactive. Please contact your administrator.';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(db: Database, email: string) {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, normalizeEmail(email)))
    .limit(1);
  return account;
}

/**
 * Checks the credentials and opens a session of the kind the account needs next. An unknown email
 * and a wrong password answer the same, in the same time.
 */
export async function login(
  db: Database,
  policy: SessionPolicy,
  input: LoginRequest,
  now: Date,
): Promise<{ response: LoginResponse; accountId: string }> {
  const account = await findAccountByEmail(db, input.email);
  if (!account) {
    await burnPasswordCheck(input.password);
    throw badRequest(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) throw badRequest(INVALID_CREDENTIALS);
  if (!account.active) throw new AppError(403, ACCOUNT_INACTIVE);

  if (account.mustChangePassword) {
    const token = await createSession(db, policy, account.id, 'password-change', now);
    return {
      accountId: account.id,
      response: { token, requirePasswordChange: true, twoFactorToken: null, requireTwoFactor: false },
    };
  }

  const token = await createSession(db, policy, account.id, 'full', now);
  await db
    .update(accounts)
    .set({ previousLoginAt: account.lastLoginAt, lastLoginAt: now })
    .where(eq(accounts.id, account.id));
  return {
    accountId: account.id,
    response: { token, requirePasswordChange: false, twoFactorToken: null, requireTwoFactor: false },
  };
}

/** The signed-in account; "Last Login" is the sign-in before this one (this one on a first). */
export async function currentUser(db: Database, accountId: string): Promise<CurrentUser> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw notFound();
  const lastLogin = account.previousLoginAt ?? account.lastLoginAt;
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    lastLogin: lastLogin ? lastLogin.toISOString() : null,
    roles: account.roles as Role[],
    isEULAAccepted: account.eulaAcceptedAt !== null,
  };
}
