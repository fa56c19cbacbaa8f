import { z } from 'zod';
import { inputObject, text } from './fields';
import { MSG } from './messages';

/**
 * Second factors beyond the emailed code (decision 035): an authenticator app (TOTP, RFC 6238)
 * and its ten single-use recovery codes. The emailed code stays for accounts that use it.
 */
export const TWO_FACTOR_METHODS = ['totp', 'recovery', 'email'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];
export const twoFactorMethodSchema = z.enum(TWO_FACTOR_METHODS);

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export const MFA_MSG = {
  totpCodeFormat: 'The code has 6 digits.',
  recoveryCodeFormat: 'A recovery code has 16 letters and digits.',
  emailCodeFormat: 'The code has 7 letters and digits.',
  codeWrong: 'The code is not correct.',
  totpAlreadyOn: 'An authenticator app is already set up. Remove it first to set up another.',
  totpNotStarted: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  totpOff: 'No authenticator app is set up.',
  totpOn: 'Authenticator app set up. Keep your recovery codes somewhere safe.',
  totpRemoved: 'Authenticator app removed.',
  recoveryRenewed: 'New recovery codes made. The previous ones no longer work.',
  noSecretsKey: 'Authenticator apps need SECRETS_KEY on the server.',
  noEmailCodes: 'This account does not use emailed codes.',
} as const;

/** A code of an authenticator app, as typed: 6 digits, a space in the middle allowed ("123 456"). */
export const totpCodeField = text({ error: MSG.otpRequired })
  .trim()
  .min(1, { message: MSG.otpRequired, abort: true })
  .regex(/^\d{3} ?\d{3}$/, MFA_MSG.totpCodeFormat);

/** `POST /User/mfa/totp`: a new secret, waiting for its first code. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Confirming and renewing recovery codes each take a current code of the app. */
export const totpCodeRequestSchema = inputObject({ code: totpCodeField });

/** Removing the app takes a current code of it, or one of its recovery codes (a lost phone). */
export const totpRemoveRequestSchema = inputObject({
  code: text({ error: MSG.otpRequired })
    .trim()
    .min(1, { message: MSG.otpRequired, abort: true })
    .max(32)
    .refine((code) => twoFactorCodeProblem('totp', code) === null || twoFactorCodeProblem('recovery', code) === null, {
      message: 'Enter the 6 digits of your app, or one of your recovery codes.',
    }),
});

/** The recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** `GET /User/mfa`: the second factors the account has. */
export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  email: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** Whether a code has the shape its method needs, with the message to show when it does not. */
export function twoFactorCodeProblem(method: TwoFactorMethod, code: string): string | null {
  const bare = code.replace(/[\s-]+/g, '');
  if (method === 'totp') return /^\d{6}$/.test(bare) ? null : MFA_MSG.totpCodeFormat;
  if (method === 'recovery') return /^[A-Za-z0-9]{16}$/.test(bare) ? null : MFA_MSG.recoveryCodeFormat;
  return /^[A-Za-z0-9]{7}$/.test(code.trim()) ? null : MFA_MSG.emailCodeFormat;
}
