import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InTransaction } from '../../core/deps';
import type { Database } from '../../db/client';
import { type Account, accounts, twoFactorChallenges } from '../../db/schema';
import { addMinutes } from '../../lib/clock';
import { AppError, badRequest, unauthorized } from '../../core/errors';
import { twoFactorCodeMail } from '../../lib/mail-templates';
import { localeOfAccount } from '../../lib/i18n/locale';
import type { MailQueue } from '../../core/mail-outbox';
import { hit } from '../../core/rate-limit';
import { hashToken } from '../../lib/tokens';
import type { MfaSetup } from '@portal/contracts/login';
import { MFA_MSG, type TwoFactorMethod } from '@portal/contracts/mfa';
import { checkTotp, spendRecoveryCode } from './totp.service';
import { type AuthDeps, createSession, extendSession, type Principal, revokeSession } from '../../core/session';
import { sessionAfterProof } from './mfa-policy.service';
import { checkSecondFactorPasskey, relyingPartyOf } from './passkeys.service';

export const CODE_MINUTES = 10;
export const MAX_WRONG_CODES = 5;
/** Code tries per client address, whichever accounts they are for. */
export const TRIES_PER_ADDRESS = 20;
/** Tries of an app's or a recovery code per account and day (decision 035). */
export const APP_TRIES_PER_DAY = 30;
const RESEND_GAP_SECONDS = 30;
// Letters and digits, without the look-alikes 0/O and 1/I.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  return Array.from({ length: 7 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

const codeHash = (sessionId: string, code: string) => hashToken(`${sessionId}:${code.trim().toUpperCase()}`);

/**
 * Opens a two-factor session with its challenge row (which counts the wrong codes of every
 * method), and mails a code when the account uses emailed codes. Without them the row holds the
 * hash of a code nobody is told, so an emailed code cannot be guessed into it.
 */
export async function startTwoFactorChallenge(
  deps: AuthDeps,
  account: Account,
  now: Date,
  methods: readonly TwoFactorMethod[] = ['email'],
): Promise<string> {
  const { token, sessionId } = await createSession(deps.db, deps.sessionPolicy, account.id, 'two-factor', now);
  const code = newCode();
  await deps.db.insert(twoFactorChallenges).values({
    sessionId,
    codeHash: codeHash(sessionId, methods.includes('email') ? code : randomUUID()),
    expiresAt: addMinutes(now, CODE_MINUTES),
    sentAt: now,
  });
  // With the caller's database: inside a sign-in's transaction, the mail commits with the session.
  if (methods.includes('email'))
    await deps.mail.enqueue(twoFactorCodeMail(account.email, code, CODE_MINUTES, localeOfAccount(account)), deps.db);
  return token;
}

/** Whether the code is right for its method, checked inside the challenge's transaction. */
async function codeIsRight(
  tx: Database,
  deps: AuthDeps,
  principal: Principal,
  challenge: typeof twoFactorChallenges.$inferSelect,
  method: TwoFactorMethod,
  code: string,
  now: Date,
): Promise<boolean> {
  if (method === 'passkey')
    return checkSecondFactorPasskey(
      tx,
      relyingPartyOf(deps.config),
      principal.accountId,
      principal.sessionId,
      code,
      now,
    );
  if (method === 'totp') return checkTotp(tx, deps.secrets, principal.accountId, code, now);
  if (method === 'recovery') return spendRecoveryCode(tx, principal.accountId, code, now);
  const given = Buffer.from(codeHash(principal.sessionId, code));
  return timingSafeEqual(given, Buffer.from(challenge.codeHash));
}

type Verdict =
  | ({ kind: 'ok'; account: Account; token: string } & MfaSetup)
  | { kind: 'wrong' }
  | { kind: 'locked' }
  | { kind: 'expired' }
  | { kind: 'gone' };

/**
 * Checks a code under a row lock, so that of many parallel submissions exactly one succeeds.
 * The verdict leaves the transaction before any refusal is thrown, so a wrong try is counted.
 */
export async function verifyTwoFactor(
  deps: AuthDeps,
  principal: Principal,
  code: string,
  ip: string,
  now: Date,
  inTransaction: InTransaction<Account> = async () => {},
  method: TwoFactorMethod = 'email',
): Promise<{ token: string; account: Account } & MfaSetup> {
  const { db } = deps;
  await hit(db, { key: `2fa-ip:${ip}`, max: TRIES_PER_ADDRESS, windowSeconds: 60 }, now);
  await hit(db, { key: `2fa:${principal.accountId}`, max: 6, windowSeconds: 60 }, now);
  // An app's code has a million values, not the emailed code's billions: at most 30 tries a day,
  // whatever the number of sign-ins, so guessing one takes years, not weeks (decision 035).
  if (method === 'totp' || method === 'recovery')
    await hit(db, { key: `2fa-app-day:${principal.accountId}`, max: APP_TRIES_PER_DAY, windowSeconds: 86_400 }, now);
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    const [challenge] = await tx
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.sessionId, principal.sessionId))
      .for('update');
    if (!challenge || challenge.consumedAt) return { kind: 'gone' };
    // The emailed code expires; an app's code, a recovery code or a passkey is good for the whole
    // sign-in (a passkey's challenge has minutes of its own).
    if (method === 'email' && challenge.expiresAt <= now) return { kind: 'expired' };
    if (!(await codeIsRight(tx, deps, principal, challenge, method, code, now))) {
      const failedAttempts = challenge.failedAttempts + 1;
      await tx
        .update(twoFactorChallenges)
        .set({ failedAttempts })
        .where(eq(twoFactorChallenges.sessionId, principal.sessionId));
      if (failedAttempts < MAX_WRONG_CODES) return { kind: 'wrong' };
      await revokeSession(tx, principal.sessionId, now);
      return { kind: 'locked' };
    }
    await tx
      .update(twoFactorChallenges)
      .set({ consumedAt: now })
      .where(eq(twoFactorChallenges.sessionId, principal.sessionId));
    await revokeSession(tx, principal.sessionId, now);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, principal.accountId));
    if (!account) return { kind: 'gone' };
    // The factor used may still fall short of the organisation's policy: then the set-up of one that meets it.
    const opened = await sessionAfterProof({ ...deps, db: tx }, account, method, now);
    await inTransaction(tx, account);
    return { kind: 'ok', account, ...opened };
  });
  switch (verdict.kind) {
    case 'ok': {
      const { kind: _ok, ...signedIn } = verdict;
      return signedIn;
    }
    case 'wrong':
      throw badRequest('The code is not correct.', [{ field: 'twoFactorCode', message: 'The code is not correct.' }]);
    case 'expired':
      throw badRequest('The code has expired. Request a new code.');
    case 'locked':
      throw unauthorized('Too many wrong codes. Please sign in again.');
    case 'gone':
      throw unauthorized('This sign-in has ended. Please sign in again.');
  }
}

/**
 * Replaces the code (30 s apart, at most 5 per 30 minutes) and mails the new one. The wrong-code
 * count stays: it belongs to the sign-in, not to the code, or each resend would buy 5 more guesses.
 */
export async function resendTwoFactor(db: Database, mail: MailQueue, principal: Principal, now: Date): Promise<void> {
  const [row] = await db
    .select({
      challenge: twoFactorChallenges,
      email: accounts.email,
      locale: accounts.locale,
      emailed: accounts.twoFactorEnabled,
    })
    .from(twoFactorChallenges)
    .innerJoin(accounts, eq(accounts.id, principal.accountId))
    .where(eq(twoFactorChallenges.sessionId, principal.sessionId));
  if (!row || row.challenge.consumedAt) throw unauthorized('This sign-in has ended. Please sign in again.');
  if (!row.emailed) throw badRequest(MFA_MSG.noEmailCodes);
  const wait = Math.ceil((row.challenge.sentAt.getTime() + RESEND_GAP_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) {
    throw new AppError(429, `Please wait ${wait} seconds before asking for a new code.`, undefined, {
      'retry-after': String(wait),
    });
  }
  await hit(db, { key: `2fa-resend:${principal.accountId}`, max: 5, windowSeconds: 30 * 60 }, now);
  const code = newCode();
  await db
    .update(twoFactorChallenges)
    .set({
      codeHash: codeHash(principal.sessionId, code),
      expiresAt: addMinutes(now, CODE_MINUTES),
      sentAt: now,
    })
    .where(eq(twoFactorChallenges.sessionId, principal.sessionId));
  await extendSession(db, principal.sessionId, addMinutes(now, CODE_MINUTES));
  await mail.enqueue(twoFactorCodeMail(row.email, code, CODE_MINUTES, localeOfAccount(row)));
}
