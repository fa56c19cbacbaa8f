import type { LoginRequest, LoginResponse } from '@portal/contracts/login';
import { MSG } from '@portal/contracts/messages';

/**
 * The login contract's checks (`loginRequestSchema`, `loginResponseSchema`), written out by hand
 * for the lean login page: zod's core, shared with the rest of the app, would cost it ~14 KB of its
 * 100 KB budget (docs/decisions/002-login-page-budget.md). login-validation.test.ts runs both
 * against the same inputs, so they cannot drift apart.
 */

/** zod's email pattern (`z.email()`, zod/v4/core regexes.email), which the contract's emailField uses. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 1024;

export type LoginErrors = Partial<Record<keyof LoginRequest, string>>;

/** The values to send (email trimmed), or the message of each field that fails. */
export function validateLogin(values: LoginRequest): { data?: LoginRequest; errors: LoginErrors } {
  const email = values.email.trim();
  const errors: LoginErrors = {};
  if (email === '') errors.email = MSG.emailRequired;
  else if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) errors.email = MSG.emailInvalid;
  if (values.password === '') errors.password = MSG.passwordRequired;
  else if (values.password.length > PASSWORD_MAX) errors.password = MSG.invalidInput;
  if (errors.email || errors.password) return { errors };
  return { data: { email, password: values.password }, errors };
}

/** The shape of `data` in the login answer; anything else is refused as an unexpected response. */
export function parseLoginResponse(data: unknown): LoginResponse {
  const value = (data ?? {}) as Record<string, unknown>;
  const valid =
    typeof value.token === 'string' &&
    typeof value.requirePasswordChange === 'boolean' &&
    (value.twoFactorToken === null || typeof value.twoFactorToken === 'string') &&
    typeof value.requireTwoFactor === 'boolean' &&
    Array.isArray(value.twoFactorMethods) &&
    value.twoFactorMethods.every((m) => m === 'passkey' || m === 'totp' || m === 'recovery' || m === 'email');
  if (!valid) throw new Error('Unexpected login response.');
  return {
    token: value.token as string,
    requirePasswordChange: value.requirePasswordChange as boolean,
    twoFactorToken: value.twoFactorToken as string | null,
    requireTwoFactor: value.requireTwoFactor as boolean,
    twoFactorMethods: value.twoFactorMethods as LoginResponse['twoFactorMethods'],
  };
}
