import { eq } from 'drizzle-orm';
import type { MfaSetup } from '@portal/contracts/login';
import type { InTransaction } from '../../core/deps';
import type { Database } from '../../db/client';
import { type Account, accounts } from '../../db/schema';
import { accountTokenLive, issueAccountToken, spendAccountToken } from '../../core/account-tokens';
import { setPassword } from '../../core/accounts';
import { AppError, badRequest, notFound } from '../../core/errors';
import { passwordResetMail } from '../../lib/mail-templates';
import { localeOfAccount } from '../../lib/i18n/locale';
import type { MailQueue } from '../../core/mail-outbox';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { clearLimit, hit } from '../../core/rate-limit';
import { findAccountByEmail, normalizeEmail } from '../../core/email';
import { ssoEnforcedFor } from '../../core/sso-policy';
import { loginFailureLimit } from '../sessions';
import { NO_SETUP, sessionAfterProof } from '../two-factor';
import { assertPasswordAllowed, type PasswordRules } from './password-policy';
import {
  type Principal,
  revokeAccountSessions,
  revokeSession,
  type SessionPolicy,
  startFullSession,
} from '../../core/session';

export const RESET_MINUTES = 60;
export const RESET_REQUESTED =
  'If an account exists for this email, we have sent it a link to reset the password. Check your inbox.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Settings and the forced change at first sign-in: checks the old password and the policy, then
 * ends every session of the account and opens one new full session, whose token is returned.
 * A wrong old password counts as a failed sign-in of the account (the same window): a stolen
 * session cannot guess the password beyond the sign-in limit, and the guess that crosses it ends
 * the session.
 */
export async function changePassword(
  db: Database,
  policy: SessionPolicy,
  requirements: PasswordRules,
  principal: Principal,
  input: { oldPassword: string; newPassword: string },
  now: Date,
  inTransaction: InTransaction<Account> = async () => {},
): Promise<{ token: string; account: Account } & MfaSetup> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, principal.accountId));
  if (!account) throw notFound();
  const failures = loginFailureLimit(account.email);
  try {
    // Counted before the check, as at sign-in, so parallel guesses cannot pass the limit.
    await hit(db, failures, now);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) await revokeSession(db, principal.sessionId, now);
    throw error;
  }
  if (!(await verifyPassword(account.passwordHash, input.oldPassword))) {
    const message = 'The old password is not correct.';
    throw badRequest(message, [{ field: 'oldPassword', message }]);
  }
  await clearLimit(db, failures);
  if (input.newPassword === input.oldPassword) {
    const message = 'The new password must be different from the old one.';
    throw badRequest(message, [{ field: 'newPassword', message }]);
  }
  await assertPasswordAllowed(input.newPassword, requirements, 'newPassword', [account.email, account.name]);
  const passwordHash = await hashPassword(input.newPassword);
  const opened = await db.transaction(async (tx) => {
    await setPassword(tx, account.id, { passwordHash, mustChangePassword: false, passwordExpiresAt: null });
    await revokeAccountSessions(tx, account.id, now);
    // The forced change at first sign-in ends that sign-in: the organisation's MFA policy applies to
    // it (decision 036). Its one-time password came by mail, which is the emailed code's factor.
    const started =
      principal.kind === 'password-change'
        ? await sessionAfterProof(
            { db: tx, sessionPolicy: policy },
            account,
            account.twoFactorEnabled ? 'email' : 'none',
            now,
          )
        : { token: await startFullSession(tx, policy, account, now), ...NO_SETUP };
    await inTransaction(tx, account);
    return started;
  });
  return { ...opened, account };
}

/**
 * What forgot-password awaits: only the per-email limit, the same work for every address. Looking
 * the account up and issuing the link ({@link issuePasswordReset}) happen after the answer, so a
 * known email answers as fast as an unknown one.
 */
export async function acceptPasswordResetRequest(db: Database, email: string, now: Date): Promise<void> {
  await hit(db, { key: `forgot:${normalizeEmail(email)}`, max: 5, windowSeconds: 3600 }, now);
}

/** Mails a reset link when the account exists and is active; run in the background. */
export async function issuePasswordReset(
  db: Database,
  mail: MailQueue,
  publicUrl: string,
  email: string,
  now: Date,
): Promise<Account | undefined> {
  const account = await findAccountByEmail(db, email);
  if (!account || !account.active) return undefined;
  // Its organisation signs it in with single sign-on only (decision 038): a password would open
  // nothing, so no link is mailed; the caller's answer is the same as for any address.
  if (await ssoEnforcedFor(db, account)) return undefined;
  await db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, account.id, 'password-reset', now, RESET_MINUTES, { replacing: true });
    const url = new URL('/reset-password', publicUrl);
    url.searchParams.set('token', token);
    url.searchParams.set('email', account.email);
    await mail.enqueue(passwordResetMail(account.email, url.toString(), RESET_MINUTES, localeOfAccount(account)), tx);
  });
  return account;
}

/** Sets a new password from a reset link: single use under a row lock, and every session ends. */
export async function resetPassword(
  db: Database,
  requirements: PasswordRules,
  input: { token: string; email: string; newPassword: string },
  now: Date,
  inTransaction: InTransaction<Account> = async () => {},
): Promise<Account> {
  await assertPasswordAllowed(input.newPassword, requirements, 'newPassword', [input.email]);
  // A link that cannot work is refused before the (deliberately slow) hash is spent on it.
  if (!(await accountTokenLive(db, input.token, 'password-reset', now))) throw badRequest(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(input.newPassword);
  const account = await db.transaction(async (tx) => {
    const owner = await spendAccountToken(
      tx,
      input.token,
      'password-reset',
      now,
      (account) => account.active && normalizeEmail(account.email) === normalizeEmail(input.email),
    );
    if (!owner) return undefined;
    await setPassword(
      tx,
      owner.id,
      { passwordHash, mustChangePassword: false, passwordExpiresAt: null },
      { validatesEmail: now },
    );
    await revokeAccountSessions(tx, owner.id, now);
    await inTransaction(tx, owner);
    return owner;
  });
  if (!account) throw badRequest(RESET_LINK_INVALID);
  // The owner of the mailbox is back in: lift a sign-in lockout.
  await clearLimit(db, loginFailureLimit(account.email));
  return account;
}
