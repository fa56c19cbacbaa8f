import type { Role } from '@portal/contracts/roles';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  moveAccountToEmail,
  renameAccount,
  setAccountActive,
  setAccountRoles,
  setAccountsPool,
  setPassword,
} from '../../core/accounts';
import { voidAccountTokens } from '../../core/account-tokens';
import { badRequest, conflict, forbidden } from '../../core/errors';
import { credentialsMail, factorsResetMail } from '../../lib/mail-templates';
import { localeOfAccount } from '../../lib/i18n/locale';
import type { MailQueue } from '../../core/mail-outbox';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import { normalizeEmail } from '../../core/email';
import { sendEmailValidation } from '../email-validation';
import { mfaPolicyOf, removeAllFactors, twoFactorMethodsOf } from '../two-factor';
import { assertPasswordAllowed, generateSystemPassword, oneTimePassword, type PasswordRules } from '../passwords';
import { type Principal, revokeAccountSessions } from '../../core/session';
import { revokeAccountKeys } from '../../core/api-keys';
import { DUPLICATE_EMAIL, findChildForWrite, findSharedPoolOf, insertAccount } from './accounts.repository';

export const TWO_FACTOR_NEEDS_SYSTEM_PASSWORD =
  'This user signs in with two-factor authentication: choose a system-generated password, which is emailed to them.';
export const APP_NEEDS_OWN_RESET =
  "This user signs in with an authenticator app or a passkey: they reset their own password with 'Forgot password?', or you reset their second factors first.";

export interface AccountDeps {
  db: Database;
  mail: MailQueue;
  publicUrl: string;
  downloadUrl: string;
  requirements: PasswordRules;
}

function refuseSelf(principal: Principal, targetId: string, message: string): void {
  if (principal.accountId === targetId) throw forbidden(message);
}

/**
 * A hash of a password nobody knows: the account signs in only once a mailed link gives it one.
 * Callers hash before they open a transaction (the hash is slow on purpose; no connection should
 * wait on it) and pass the result in.
 */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(newToken());
}

/**
 * Create User: a child of the caller, Individual or in one of the caller's shared pools; mailed to
 * confirm. `passwordHash` comes from unusablePasswordHash().
 */
export async function createChildAccount(
  deps: AccountDeps,
  principal: Principal,
  input: { name: string; email: string; roles: Role; licensePoolId?: string },
  now: Date,
  passwordHash: string,
): Promise<{ id: string; name: string }> {
  const pool = input.licensePoolId
    ? await findSharedPoolOf(deps.db, principal.accountId, input.licensePoolId)
    : undefined;
  // Account, validation token and mail commit together: no account without its mail.
  const account = await deps.db.transaction(async (tx) => {
    const created = await insertAccount(tx, {
      email: input.email,
      name: input.name,
      roles: [input.roles],
      parentId: principal.accountId,
      poolId: pool?.id ?? null,
      passwordHash,
      now,
    });
    await sendEmailValidation(tx, deps.mail, deps.publicUrl, created, now);
    return created;
  });
  return { id: account.id, name: account.name };
}

/** Assign Pool: Individual (null) or a shared pool of the child's parent. */
export async function updatePool(
  db: Database,
  principal: Principal,
  input: { userId: string; licensePoolId: string | null },
) {
  return db.transaction(async (tx) => {
    const child = await findChildForWrite(tx, principal, input.userId);
    const pool =
      input.licensePoolId && child.parentId ? await findSharedPoolOf(tx, child.parentId, input.licensePoolId) : null;
    if (input.licensePoolId && !pool) throw forbidden('This account cannot join a pool.');
    await setAccountsPool(tx, [child.id], pool?.id ?? null);
    return { child, pool };
  });
}

/** Change Role: User, Admin, Auditor only; never the caller's own roles. */
export async function updateRoles(db: Database, principal: Principal, input: { userId: string; roles: Role[] }) {
  refuseSelf(principal, input.userId, 'You cannot change your own roles.');
  return db.transaction(async (tx) => {
    const child = await findChildForWrite(tx, principal, input.userId);
    await setAccountRoles(tx, child.id, input.roles);
    return child;
  });
}

/** Change Status: deactivation ends the child's sessions at once. */
export async function setStatus(
  db: Database,
  principal: Principal,
  input: { childId: string; active: boolean },
  now: Date,
) {
  refuseSelf(principal, input.childId, 'You cannot change the status of your own account.');
  return db.transaction(async (tx) => {
    const child = await findChildForWrite(tx, principal, input.childId);
    await setAccountActive(tx, child.id, input.active);
    if (!input.active) {
      await revokeAccountSessions(tx, child.id, now);
      // Its API keys stop too, and stay stopped when it is activated again (decision 032).
      await revokeAccountKeys(tx, child.id, now);
    }
    return child;
  });
}

/**
 * Reset Password for a child: a system password mailed to the child, or one the Admin typed
 * (policy checked). Either is one-time: changed at next sign-in, dead after 72 hours unused, whatever
 * forcePasswordChangeOnLogin says (decision 012). Ends the child's sessions.
 */
export interface ChildPasswordInput {
  childId: string;
  newPassword?: string;
  forcePasswordChangeOnLogin: boolean;
  generateSystemPassword: boolean;
}

/** The password a Reset Password sets, checked and hashed before any transaction opens. */
export async function prepareChildPassword(
  deps: Pick<AccountDeps, 'requirements'>,
  principal: Principal,
  input: ChildPasswordInput,
): Promise<{ password: string; passwordHash: string; generated: boolean }> {
  refuseSelf(principal, input.childId, 'Use Change Password in Settings for your own account.');
  const generated = input.generateSystemPassword;
  const password = generated ? generateSystemPassword(deps.requirements) : (input.newPassword ?? '');
  if (!generated) await assertPasswordAllowed(password, deps.requirements);
  return { password, passwordHash: await hashPassword(password), generated };
}

export async function setChildPassword(
  deps: AccountDeps,
  principal: Principal,
  input: ChildPasswordInput,
  prepared: { password: string; passwordHash: string; generated: boolean },
  now: Date,
): Promise<{ email: string; generated: boolean }> {
  const { password, passwordHash, generated } = prepared;
  const child = await deps.db.transaction(async (tx) => {
    const target = await findChildForWrite(tx, principal, input.childId);
    // A forced change after sign-in is not followed by 2FA (decision 007): that holds only for a
    // password the account's own mailbox received, never one the Admin typed.
    // A one-time password leads to a forced change with no second step after it (decision 007):
    // never for an account with an authenticator app, whose second factor is not its mailbox.
    // Nor for one with a passkey (decision 037).
    const methods = await twoFactorMethodsOf(tx, target);
    if (methods.includes('totp') || methods.includes('passkey')) throw badRequest(APP_NEEDS_OWN_RESET);
    if (!generated && target.twoFactorEnabled) throw badRequest(TWO_FACTOR_NEEDS_SYSTEM_PASSWORD);
    await setPassword(tx, target.id, oneTimePassword(passwordHash, now));
    await revokeAccountSessions(tx, target.id, now);
    if (generated) {
      await deps.mail.enqueue(
        credentialsMail(
          target.email,
          password,
          new URL('/', deps.publicUrl).toString(),
          deps.downloadUrl,
          localeOfAccount(target),
        ),
        tx,
      );
    }
    return target;
  });
  return { email: child.email, generated };
}

/**
 * Transfer Account: the account passes to a new person at a new address. Its sessions end, its
 * password is voided, and the new address must be confirmed before sign-in details are mailed.
 * The same address with a new name is only a rename.
 */
export async function transferAccount(
  deps: AccountDeps,
  principal: Principal,
  input: { userId: string; newEmail: string; newAccountName: string },
  now: Date,
  unusable: string,
): Promise<{ transferred: boolean }> {
  refuseSelf(principal, input.userId, 'You cannot transfer your own account.');
  try {
    const result = await deps.db.transaction(async (tx) => {
      const child = await findChildForWrite(tx, principal, input.userId);
      if (normalizeEmail(child.email) === normalizeEmail(input.newEmail)) {
        await renameAccount(tx, child.id, input.newAccountName);
        return { child, transferred: false };
      }
      await moveAccountToEmail(tx, child.id, {
        email: input.newEmail,
        name: input.newAccountName,
        passwordHash: unusable,
      });
      // Links mailed to the previous address stop working.
      await voidAccountTokens(tx, child.id, now);
      await revokeAccountSessions(tx, child.id, now);
      // The keys and the second factors of the previous person do not pass to the new one.
      await revokeAccountKeys(tx, child.id, now);
      await removeAllFactors(tx, child.id);
      const moved = { id: child.id, email: input.newEmail, name: input.newAccountName, locale: child.locale };
      await sendEmailValidation(tx, deps.mail, deps.publicUrl, moved, now);
      return { child, transferred: true };
    });
    return { transferred: result.transferred };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

/**
 * An Admin's reset of a child's second factors (decision 036): its app, recovery codes and
 * passkeys go, its sessions end, and it is mailed. Its next sign-in asks for a set-up when the
 * organisation's policy requires a factor.
 */
export async function resetChildFactors(
  deps: AccountDeps,
  principal: Principal,
  input: { childId: string },
  now: Date,
): Promise<{ email: string }> {
  refuseSelf(principal, input.childId, 'Remove your own factors in Settings → Two-factor.');
  return deps.db.transaction(async (tx) => {
    const child = await findChildForWrite(tx, principal, input.childId);
    await removeAllFactors(tx, child.id);
    await revokeAccountSessions(tx, child.id, now);
    const setupAsked = (await mfaPolicyOf(tx, child.id)) !== 'optional';
    await deps.mail.enqueue(
      factorsResetMail(child.email, principal.profile.name, setupAsked, localeOfAccount(child)),
      tx,
    );
    return { email: child.email };
  });
}
