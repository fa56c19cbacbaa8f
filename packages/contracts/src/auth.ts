import { z } from 'zod';
import { MSG } from './messages';
import { roleSchema } from './roles';

/** An email as typed: trimmed, required, valid (spec section 5). */
export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid));

export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  requirePasswordChange: z.boolean(),
  twoFactorToken: z.string().nullable(),
  requireTwoFactor: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `GET User/me`: everything under `data` (DOMAIN.md picks this reading). */
export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  lastLogin: z.string().nullable(),
  roles: z.array(roleSchema),
  isEULAAccepted: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
