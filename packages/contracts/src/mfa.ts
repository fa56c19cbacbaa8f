import { z } from 'zod';
import { idField, inputObject, text } from './fields';
import { MSG } from './messages';

/**
 * Second factors beyond the emailed code (decision 035): an authenticator app (TOTP, RFC 6238)
 * and its ten single-use recovery codes. The emailed code stays for accounts that use it.
 */
export const TWO_FACTOR_METHODS = ['passkey', 'totp', 'recovery', 'email'] as const;
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
  policySaved: 'MFA policy saved.',
  policyTopAdminOnly: 'Only the Admin at the top of your organisation can change its MFA policy.',
  childFactorsReset:
    'Second factors reset. The person signs in with the password and, if your policy asks, sets a factor up again.',
  setupNeedsStrongFactor: 'Your organisation requires a phishing-resistant factor: add a passkey to continue.',
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

/**
 * The app confirmed: its recovery codes, and when it was the set-up the MFA policy asked for at
 * sign-in, the token of the full session that set-up opens (null otherwise).
 */
export const totpConfirmedSchema = recoveryCodesSchema.extend({ token: z.string().nullable() });

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

/**
 * An organisation's MFA policy (decision 036): second factors optional, required (any factor), or
 * required and phishing-resistant (a passkey, or single sign-on whose provider did MFA).
 */
export const MFA_POLICIES = ['optional', 'required', 'phishing-resistant'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];
export const mfaPolicySchema = z.enum(MFA_POLICIES);

export const MFA_POLICY_LABELS: Record<MfaPolicy, { label: string; description: string }> = {
  optional: {
    label: 'Optional',
    description: 'Each person chooses whether to use a second factor.',
  },
  required: {
    label: 'Required',
    description:
      'Everyone needs a second factor: an authenticator app, a passkey or the emailed code. People without one set one up at their next sign-in.',
  },
  'phishing-resistant': {
    label: 'Required, phishing-resistant',
    description:
      'Everyone signs in with a passkey, or through single sign-on whose provider asked for MFA. People without a passkey add one at their next sign-in.',
  },
};

/** `GET /Organisation/mfa-policy`: the policy, and how many people of the organisation lack what it asks. */
export const mfaPolicyStatusSchema = z.object({
  policy: mfaPolicySchema,
  /** Whether the caller may change it: only the Admin at the top of the organisation. */
  canChange: z.boolean(),
  /** Active people who will be led through setting a factor up at their next sign-in. */
  peopleWithout: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type MfaPolicyStatus = z.infer<typeof mfaPolicyStatusSchema>;

export const setMfaPolicySchema = inputObject({ policy: mfaPolicySchema });

/** `POST /User/reset-child-mfa`: an Admin removes a child's app, recovery codes and passkeys. */
export const resetChildMfaSchema = inputObject({ childId: idField });
