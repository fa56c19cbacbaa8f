import { and, eq } from 'drizzle-orm';
import type { PasswordRequirements } from '@portal/contracts/password-policy';
import type { Database } from '../../db/client';
import { type Account, accountTokens, accounts } from '../../db/schema';
import { addMinutes } from '../../lib/clock';
import { credentialsMail, emailValidationMail } from '../../lib/mail-templates';
import type { MailQueue } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { generateSystemPassword, oneTimePassword } from '../passwords';

const VALIDATION_DAYS = 7;
export const CONFIRM_LINK_INVALID = 'This validation link is invalid or has expired.';

/**
 * Mails the link that confirms a new account's address (DOMAIN.md "Licenses"). Pass the
 * transaction that creates or changes the account: token and mail are written with it.
 */
export async function sendEmailValidation(
  db: Database,
  mail: MailQueue,
  publicUrl: string,
  account: Pick<Account, 'id' | 'email' | 'name'>,
  now: Date,
): Promise<void> {
  const token = newToken();
  await db.insert(accountTokens).values({
    accountId: account.id,
    purpose: 'email-validation',
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: addMinutes(now, VALIDATION_DAYS * 24 * 60),
  });
  await mail.enqueue(emailValidationMail(account.email, account.name, confirmPageUrl(publicUrl, token)), db);
}

/**
 * The page the mailed link opens. It confirms only when the person presses its button (a POST):
 * mail scanners open links, and a GET that spent the token would confirm on their behalf.
 */
export function confirmPageUrl(base: string, token: string): string {
  const url = new URL('/', base);
  url.searchParams.set('p', 'confirm-email');
  url.searchParams.set('token', token);
  return url.toString();
}

export interface ConfirmDeps {
  db: Database;
  mail: MailQueue;
  publicUrl: string;
  downloadUrl: string;
  requirements: PasswordRequirements;
}

/**
 * Confirms the address behind a validation link, sets a one-time password that must be changed at
 * first sign-in, and mails the sign-in details. Returns the account, or undefined for a link that
 * is unknown, used or expired.
 */
export async function confirmEmail(deps: ConfirmDeps, token: string, now: Date): Promise<Account | undefined> {
  // A link that cannot work is refused before the (deliberately slow) hash is spent on it.
  const [candidate] = await deps.db
    .select({ usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, 'email-validation')));
  if (!candidate || candidate.usedAt || candidate.expiresAt <= now) return undefined;
  const password = generateSystemPassword(deps.requirements);
  const passwordHash = await hashPassword(password);
  const account = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: accountTokens, account: accounts })
      .from(accountTokens)
      .innerJoin(accounts, eq(accounts.id, accountTokens.accountId))
      .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, 'email-validation')))
      .for('update', { of: accountTokens });
    if (!row || row.token.usedAt || row.token.expiresAt <= now) return undefined;
    await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.token.id));
    await tx
      .update(accounts)
      .set({ emailValidatedAt: now, ...oneTimePassword(passwordHash, now) })
      .where(eq(accounts.id, row.account.id));
    await deps.mail.enqueue(
      credentialsMail(row.account.email, password, new URL('/', deps.publicUrl).toString(), deps.downloadUrl),
      tx,
    );
    return row.account;
  });
  return account;
}
