import type { CurrentUser, LoginRequest, LoginResponse } from '@portal/contracts/auth';
import { findAccountByEmail, normalizeEmail } from '../../core/email';
import type { InTransaction } from '../../core/deps';
import type { Account } from '../../db/schema';
import { SSO_REQUIRED } from '@portal/contracts/sso-errors';
import { AppError, badRequest, forbidden } from '../../core/errors';
import { ssoEnforcedFor } from '../../core/sso-policy';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { clearLimit, hit } from '../../core/rate-limit';
import { type AuthDeps, createSession, type Principal } from '../../core/session';
import type { PasskeyAssertion } from '@portal/contracts/mfa';
import {
  mfaPolicyOf,
  NO_SETUP,
  offeredMethods,
  relyingPartyOf,
  sessionAfterProof,
  startTwoFactorChallenge,
  twoFactorMethodsOf,
  verifyPasswordless,
} from '../two-factor';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const ACCOUNT_INACTIVE = 'This account is inactive. Please contact your administrator.';
/** Shown only to whoever typed the right (expired) password: see decision 012. */
export const PASSWORD_EXPIRED =
  "This one-time password has expired. Use 'Forgot password?' to choose a new one, or ask your administrator.";

/** Sign-in limits (docs/decisions/003-rate-limits-in-the-database.md): failures per email, attempts per client address. */
export const loginFailureLimit = (email: string) => ({
  key: `login-fail:${normalizeEmail(email)}`,
  max: 10,
  windowSeconds: 15 * 60,
});
const loginIpLimit = (ip: string, max: number) => ({ key: `login-ip:${ip}`, max, windowSeconds: 60 });

/**
 * Checks the credentials and opens a session of the kind the account needs next: a forced
 * password change, a 2FA challenge, or a full session. An unknown email and a wrong password
 * answer the same, in the same time.
 */
export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  client: { ip: string; attemptsPerMinute: number },
  now: Date,
  inTransaction: InTransaction<SignedIn> = async () => {},
): Promise<SignedIn> {
  const { db } = deps;
  await hit(db, loginIpLimit(client.ip, client.attemptsPerMinute), now);
  // Counted before the password is checked, atomically: a burst of parallel guesses cannot get
  // more than the limit through. A success clears the count, so only failures add up.
  await hit(db, loginFailureLimit(input.email), now);
  const account = await findAccountByEmail(db, input.email);
  const passwordOk = account
    ? await verifyPassword(account.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!account || !passwordOk) throw badRequest(INVALID_CREDENTIALS);
  if (!account.active) throw new AppError(403, ACCOUNT_INACTIVE);
  // Still counted as a failure: an expired password opens nothing, so it must not lift a lockout.
  if (account.passwordExpiresAt && account.passwordExpiresAt <= now) throw badRequest(PASSWORD_EXPIRED);
  // Only whoever typed the right password learns it (decision 038); still counted as a failure.
  if (await ssoEnforcedFor(db, account)) throw forbidden(SSO_REQUIRED);
  // The counters above commit whatever happens; what a success changes commits as one.
  return db.transaction(async (tx) => {
    await clearLimit(tx, loginFailureLimit(input.email));
    const signedIn = { account, response: await openNextSession({ ...deps, db: tx }, account, now) };
    await inTransaction(tx, signedIn);
    return signedIn;
  });
}

export interface SignedIn {
  response: LoginResponse;
  account: Account;
}

/**
 * Signs in with a passkey alone (decision 037): the passkey, with its person verified, is both
 * factors. Limited per address as the login is; an inactive account or an expired one-time
 * password is refused as the login refuses them, and a forced password change still comes first.
 */
export async function passkeyLogin(
  deps: AuthDeps,
  input: { challengeId: string; response: PasskeyAssertion },
  client: { ip: string; attemptsPerMinute: number },
  now: Date,
  inTransaction: InTransaction<SignedIn> = async () => {},
): Promise<SignedIn> {
  const { db } = deps;
  await hit(db, loginIpLimit(client.ip, client.attemptsPerMinute), now);
  const account = await verifyPasswordless(db, relyingPartyOf(deps.config), input, now);
  if (!account.active) throw new AppError(403, ACCOUNT_INACTIVE);
  if (account.passwordExpiresAt && account.passwordExpiresAt <= now) throw badRequest(PASSWORD_EXPIRED);
  return db.transaction(async (tx) => {
    const signedIn = { account, response: await openNextSession({ ...deps, db: tx }, account, now, { passkey: true }) };
    await inTransaction(tx, signedIn);
    return signedIn;
  });
}

/**
 * The session the account needs next: a forced password change, a 2FA challenge with the factors
 * the organisation's MFA policy accepts, the set-up of a factor the policy asks for, or a full one
 * (decision 036). The sign-in may have proved the second factor already: `providerMfa`, an
 * identity provider said the person passed its MFA (single sign-on, decision 038); `passkey`, a
 * passkey alone (decision 037). Both are phishing-resistant proof. `sso`: the sign-in came through
 * the organisation's identity provider.
 */
export async function openNextSession(
  deps: AuthDeps,
  account: Account,
  now: Date,
  options: { providerMfa?: boolean; passkey?: boolean; sso?: boolean } = {},
): Promise<LoginResponse> {
  const { db, sessionPolicy } = deps;
  const none = { twoFactorToken: null, requireTwoFactor: false, twoFactorMethods: [] };
  // Single sign-on proves the person without the portal's password: a one-time password waiting to
  // be changed is not asked for (it still expires unused, decision 012).
  if (account.mustChangePassword && !options.sso) {
    const { token } = await createSession(db, sessionPolicy, account.id, 'password-change', now);
    return { token, requirePasswordChange: true, ...none, ...NO_SETUP };
  }
  const policy = await mfaPolicyOf(db, account.id);
  const proved = options.providerMfa || options.passkey;
  const twoFactorMethods = proved ? [] : offeredMethods(policy, await twoFactorMethodsOf(db, account));
  if (twoFactorMethods.length > 0) {
    const token = await startTwoFactorChallenge(deps, account, now, twoFactorMethods);
    return {
      token,
      requirePasswordChange: false,
      twoFactorToken: token,
      requireTwoFactor: true,
      twoFactorMethods,
      ...NO_SETUP,
    };
  }
  const proof = options.providerMfa ? 'provider-mfa' : options.passkey ? 'passkey' : 'none';
  const opened = await sessionAfterProof(deps, account, proof, now, policy);
  return { ...opened, requirePasswordChange: false, ...none };
}

/** The signed-in account, as the session's own query read it (no further query). */
export function currentUser(principal: Principal): CurrentUser {
  return {
    id: principal.accountId,
    ...principal.profile,
    roles: principal.roles,
    isEULAAccepted: principal.eulaAccepted,
  };
}
