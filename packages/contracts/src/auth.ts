import { z } from 'zod';
import { LOCALES } from './locales';
import { inputObject, text } from './fields';
import { MSG } from './messages';
import { emailField, mfaSetupFields } from './login';
import { roleSchema } from './roles';
import { authenticationResponseSchema, MFA_MSG, twoFactorCodeProblem, twoFactorMethodSchema } from './mfa';

export { emailField, loginRequestSchema, loginResponseSchema, type LoginRequest, type LoginResponse } from './login';

/** `GET User/me`: everything under `data` (decision 011: every answer in the envelope). */
export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  lastLogin: z.string().nullable(),
  roles: z.array(roleSchema),
  isEULAAccepted: z.boolean(),
  /** The IANA zone the person chose in Settings, which every time on screen and in a PDF follows; null: the browser's. */
  timeZone: z.string().nullable().default(null),
  /** The language the person chose in Settings (decision 052), which the interface, mail and exports follow; null: the browser's. */
  locale: z.enum(LOCALES).nullable().default(null),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A new password as typed; the policy itself is checked against the served requirements. */
const newPasswordField = text({ error: MSG.newPasswordRequired }).min(1, MSG.newPasswordRequired).max(1024);
const confirmPasswordField = text({ error: MSG.confirmPasswordRequired }).min(1, MSG.confirmPasswordRequired).max(1024);

/** `POST User/change-password`: settings, and the forced change at first sign-in. */
export const changePasswordRequestSchema = inputObject({
  oldPassword: text({ error: MSG.oldPasswordRequired }).min(1, MSG.oldPasswordRequired).max(1024),
  newPassword: newPasswordField,
  confirmPassword: confirmPasswordField,
}).refine((v) => v.newPassword === v.confirmPassword, { message: MSG.resetMismatch, path: ['confirmPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The 'Change your password to login' dialog: the old password is the one typed at sign-in. */
export const forcedChangeFormSchema = inputObject({
  newPassword: newPasswordField,
  confirmPassword: confirmPasswordField,
}).refine((v) => v.newPassword === v.confirmPassword, { message: MSG.forcedChangeMismatch, path: ['confirmPassword'] });

export const forgotPasswordRequestSchema = inputObject({ email: emailField });

/** `POST User/reset-password`, from the emailed link's token and email. */
export const resetPasswordRequestSchema = inputObject({
  token: text().min(16).max(128),
  email: emailField,
  newPassword: newPasswordField,
  confirmPassword: confirmPasswordField,
}).refine((v) => v.newPassword === v.confirmPassword, { message: MSG.resetMismatch, path: ['confirmPassword'] });

/** `POST User/confirm-email`: the single-use token of the validation mail, sent by the page's button. */
export const confirmEmailRequestSchema = inputObject({ token: text().min(1).max(128) });

/** The emailed 2FA code: 7 letters and digits, any case as typed. */
export const TWO_FACTOR_CODE_LENGTH = 7;
/**
 * `POST User/validate-2fa`: the code of one of the account's methods (decision 035), or for
 * `passkey` the browser's answer in `passkey` (decision 037); without a method, the emailed code,
 * as the spec's client sends it.
 */
export const validateTwoFactorRequestSchema = inputObject({
  token: text().min(16).max(128),
  twoFactorCode: text({ error: MSG.otpRequired }).trim().max(32).optional(),
  method: twoFactorMethodSchema.default('email'),
  passkey: authenticationResponseSchema.optional(),
}).superRefine((value, ctx) => {
  if (value.method === 'passkey') {
    if (!value.passkey) ctx.addIssue({ code: 'custom', message: MFA_MSG.passkeyMissing, path: ['passkey'] });
    return;
  }
  if (!value.twoFactorCode) {
    ctx.addIssue({ code: 'custom', message: MSG.otpRequired, path: ['twoFactorCode'] });
    return;
  }
  const problem = twoFactorCodeProblem(value.method, value.twoFactorCode);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['twoFactorCode'] });
});

/** The session a second factor or the forced password change opens: full, or the MFA set-up's. */
export const tokenResponseSchema = z.object({ token: z.string(), ...mfaSetupFields });

/** The end-user license agreement in force: accepting records this version. */
export const eulaSchema = z.object({ version: z.string(), title: z.string(), text: z.string() });
export const acceptEulaRequestSchema = inputObject({ version: text().max(64).optional() }).nullish();
