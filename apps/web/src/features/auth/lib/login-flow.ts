import type { LoginResponse, MfaSetup } from '@portal/contracts/login';
import type { TwoFactorMethod } from '@portal/contracts/mfa';
import { setLoggedIn, setToken } from '@/lib/session';

/**
 * Where the sign-in stands on the login screen. Each step after the credentials is a dialog of
 * its own (docs/product.md), rendered by the login page from this value.
 */
export type LoginStep =
  | { kind: 'credentials' }
  /** First login: the typed password becomes oldPassword of the forced change. */
  | { kind: 'change-password'; oldPassword: string }
  /** The account's second factors, strongest first (decision 035). */
  | { kind: 'two-factor'; methods: TwoFactorMethod[] }
  /** The organisation's MFA policy asks for a factor the account lacks (decision 036). */
  | { kind: 'mfa-setup'; methods: MfaSetup['mfaSetupMethods'] };

export type LoginOutcome = Exclude<LoginStep, { kind: 'credentials' }> | { kind: 'signed-in' };

/**
 * Completes the sign-in once the session is whole (token stored, isLoggedIn=true): refreshes the
 * roles and goes on, to `fallback` unless the roles or a remembered page say otherwise. The lean
 * login entry and the router each supply their own (src/app/login-entry.tsx, use-finish-sign-in.ts).
 */
export type FinishSignIn = (fallback?: string) => Promise<void>;

/** docs/product.md "Login": stores the token(s) of a successful login and says what comes next. */
export function applyLoginResponse(response: LoginResponse, password: string): LoginOutcome {
  setLoggedIn(false);
  setToken(response.token);
  if (response.requirePasswordChange) return { kind: 'change-password', oldPassword: password };
  if (response.requireMfaSetup) return { kind: 'mfa-setup', methods: [...response.mfaSetupMethods] };
  if (response.twoFactorToken) setToken(response.twoFactorToken);
  if (response.requireTwoFactor) {
    const methods = response.twoFactorMethods.length > 0 ? response.twoFactorMethods : (['email'] as const);
    return { kind: 'two-factor', methods: [...methods] };
  }
  setLoggedIn(true);
  return { kind: 'signed-in' };
}

/**
 * After a second factor or the forced password change: stores the token, and says whether the
 * sign-in is whole or goes on to the set-up the MFA policy asks for.
 */
export function applySignedIn(answer: { token: string } & MfaSetup): LoginOutcome {
  setToken(answer.token);
  if (answer.requireMfaSetup) return { kind: 'mfa-setup', methods: [...answer.mfaSetupMethods] };
  setLoggedIn(true);
  return { kind: 'signed-in' };
}
