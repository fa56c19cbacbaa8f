import type { PasswordRequirements } from '@portal/contracts/password-policy';
import { accountTokenLive, issueAccountToken, spendAccountToken } from '../../core/account-tokens';
import type { InTransaction } from '../../core/deps';
import type { Database } from '../../db/client';
import type { Account } from '../../db/schema';
import { setPassword } from '../../core/accounts';
import { credentialsMail, emailValidationMail } from '../../lib/mail-templates';
import type { MailQueue } from '../../core/mail-outbox';
import { hashPassword } from '../../lib/passwords';
import { generateSystemPassword, oneTimePassword } from '../passwords';
import { localeOfAccount } from '../../lib/i18n/locale';

const VALIDATION_DAYS = 7;
export const CONFIRM_LINK_INVALID = 'This validation link is invalid or has expired.';

/**
 * Mails the link that confirms a new account's address (docs/product.md#signing-in). Pass the
 * transaction that creates or changes the account: token and mail are written with it.
 */
export async function sendEmailValidation(
  db: Database,
  mail: MailQueue,
  publicUrl: string,
  account: Pick<Account, 'id' | 'email' | 'name'> & { locale?: string | null },
  now: Date,
): Promise<void> {
  const token = await issueAccountToken(db, account.id, 'email-validation', now, VALIDATION_DAYS * 24 * 60);
  await mail.enqueue(
    emailValidationMail(
      account.email,
      account.name,
      confirmPageUrl(publicUrl, token),
      localeOfAccount({ locale: account.locale ?? null }),
    ),
    db,
  );
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
export async function confirmEmail(
  deps: ConfirmDeps,
  token: string,
  now: Date,
  inTransaction: InTransaction<Account> = async () => {},
): Promise<Account | undefined> {
  // A link that cannot work is refused before the (deliberately slow) hash is spent on it.
  if (!(await accountTokenLive(deps.db, token, 'email-validation', now))) return undefined;
  const password = generateSystemPassword(deps.requirements);
  const passwordHash = await hashPassword(password);
  const account = await deps.db.transaction(async (tx) => {
    const owner = await spendAccountToken(tx, token, 'email-validation', now);
    if (!owner) return undefined;
    await setPassword(tx, owner.id, oneTimePassword(passwordHash, now), { validatesEmail: now });
    await deps.mail.enqueue(
      credentialsMail(
        owner.email,
        password,
        new URL('/', deps.publicUrl).toString(),
        deps.downloadUrl,
        localeOfAccount(owner),
      ),
      tx,
    );
    await inTransaction(tx, owner);
    return owner;
  });
  return account;
}
