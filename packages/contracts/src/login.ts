import { z } from 'zod';
import { inputObject, text } from './fields';
import { MSG } from './messages';

// The lean login page imports only the types of this file; it checks the same rules by hand
// (apps/web/src/features/auth/lib/login-validation.ts), tested against these schemas.
// docs/decisions/002-login-page-budget.md says why.

/** An email as typed: trimmed, required, valid. */
export const emailField = text({ error: MSG.emailRequired })
  .trim()
  .min(1, { message: MSG.emailRequired, abort: true })
  .max(254, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid));

export const loginRequestSchema = inputObject({
  email: emailField,
  password: text({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The organisation's MFA policy asks for a factor the account lacks (decision 036): the token opens
 * only setting one up, of the kinds listed (strongest first), and the set-up answers a full session.
 */
export const mfaSetupFields = {
  requireMfaSetup: z.boolean(),
  mfaSetupMethods: z.array(z.enum(['passkey', 'totp'])),
};

export const loginResponseSchema = z.object({
  token: z.string(),
  requirePasswordChange: z.boolean(),
  twoFactorToken: z.string().nullable(),
  requireTwoFactor: z.boolean(),
  /** The second factors the account may use, its strongest first (decisions 035, 037); empty without 2FA. */
  twoFactorMethods: z.array(z.enum(['passkey', 'totp', 'recovery', 'email'])),
  ...mfaSetupFields,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** What a sign-in step answers about the MFA set-up the policy asks for. */
export type MfaSetup = Pick<LoginResponse, 'requireMfaSetup' | 'mfaSetupMethods'>;
