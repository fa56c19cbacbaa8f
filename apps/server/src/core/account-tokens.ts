import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type Account, accountTokens, accounts } from '../db/schema';
import { addMinutes } from '../lib/clock';
import { hashToken, newToken } from '../lib/tokens';

/**
 * The owner of `account_tokens`: the single-use secrets mailed in links (password reset, email
 * validation). Only a token's hash is stored; the raw token exists once, in the mail.
 */

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/**
 * A new token for the account, valid for `minutes`. Pass the transaction that mails it. With
 * `replacing`, the account's unspent tokens of the same purpose stop working: a newer link voids
 * the older ones.
 */
export async function issueAccountToken(
  db: Database,
  accountId: string,
  purpose: TokenPurpose,
  now: Date,
  minutes: number,
  options: { replacing?: boolean } = {},
): Promise<string> {
  if (options.replacing) await voidAccountTokens(db, accountId, now, purpose);
  const token = newToken();
  await db.insert(accountTokens).values({
    accountId,
    purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: addMinutes(now, minutes),
  });
  return token;
}

/** Ends the account's unspent tokens (of one purpose, or all): links already mailed stop working. */
export async function voidAccountTokens(
  db: Database,
  accountId: string,
  now: Date,
  purpose?: TokenPurpose,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        purpose === undefined ? undefined : eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

/**
 * Whether a token could still be spent, without a lock: lets a caller refuse a link that cannot
 * work before it spends a (deliberately slow) password hash on it.
 */
export async function accountTokenLive(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  return row !== undefined && row.usedAt === null && row.expiresAt > now;
}

/**
 * Spends a token under a row lock, in the caller's transaction, and returns its account; undefined
 * for a token that is unknown, used or expired, or whose account `accept` refuses (then it stays
 * unspent). Single use holds under concurrency: the second of two racing spends waits on the lock,
 * then sees the token used.
 */
export async function spendAccountToken(
  tx: Database,
  token: string,
  purpose: TokenPurpose,
  now: Date,
  accept: (account: Account) => boolean = () => true,
): Promise<Account | undefined> {
  const [row] = await tx
    .select({ token: accountTokens, account: accounts })
    .from(accountTokens)
    .innerJoin(accounts, eq(accounts.id, accountTokens.accountId))
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .for('update', { of: accountTokens });
  if (!row || row.token.usedAt || row.token.expiresAt <= now || !accept(row.account)) return undefined;
  await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.token.id));
  return row.account;
}
