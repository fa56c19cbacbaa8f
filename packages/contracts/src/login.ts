import * as z from 'zod/mini';
import { MSG } from './messages';

// Written with zod/mini: the login page imports only this file, so its bundle carries about 5 KB
// of zod instead of 22 KB (docs/decisions/002-login-page-budget.md). Classic schemas nest it.

/** An email as typed: trimmed, required, valid (spec section 5). */
export const emailField = z.pipe(
  z
    .string({ error: MSG.emailRequired })
    .check(z.trim(), z.minLength(1, { error: MSG.emailRequired, abort: true }), z.maxLength(254, MSG.emailInvalid)),
  z.email(MSG.emailInvalid),
);

export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: MSG.passwordRequired }).check(z.minLength(1, MSG.passwordRequired), z.maxLength(1024)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  requirePasswordChange: z.boolean(),
  twoFactorToken: z.nullable(z.string()),
  requireTwoFactor: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
