import { z } from 'zod';
import { idField, inputObject, text } from './fields';
import { MSG } from './messages';

/**
 * Second factors beyond the emailed code: passkeys (WebAuthn, decision 037), an authenticator app
 * (TOTP, RFC 6238, decision 035) and ten single-use recovery codes. The emailed code stays for
 * accounts that use it. Strongest first.
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
  passkeyAdded: 'Passkey added.',
  passkeyAddedWithCodes: 'Passkey added. Keep your recovery codes somewhere safe.',
  passkeyRemoved: 'Passkey removed.',
  passkeyRenamed: 'Passkey renamed.',
  passkeyNotFound: 'This passkey was not found.',
  passkeyDuplicate: 'This passkey is already registered.',
  passkeyFailed: 'The passkey could not be checked. Please try again.',
  passkeyExpired: 'This passkey request has expired. Please try again.',
  passkeyNone: 'This account has no passkey.',
  passkeyMissing: 'Use your passkey to continue.',
  passkeyUnknown: 'This passkey is not registered here.',
  passkeyNameRequired: 'Enter a name for the passkey.',
  passkeyCancelled: 'The passkey was not used. Try again when you are ready.',
  passkeyUnsupported: 'This browser cannot use passkeys.',
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

/** A passkey's name as typed: 1 to 100 characters, trimmed. */
export const passkeyNameField = text({ error: MFA_MSG.passkeyNameRequired })
  .trim()
  .min(1, { message: MFA_MSG.passkeyNameRequired, abort: true })
  .max(100, 'The name must be at most 100 characters.');

// What the browser answers (@simplewebauthn/browser's RegistrationResponseJSON and
// AuthenticationResponseJSON, WebAuthn level 3's JSON forms): binary parts in base64url. Unknown
// fields are refused, as in every request (decision 011); the WebAuthn library checks the rest.
const base64url = (max: number) =>
  text()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url.');
const extensionResults = z.record(z.string().max(64), z.unknown());
const attachment = z.enum(['platform', 'cross-platform']).optional();

export const registrationResponseSchema = inputObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: inputObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(text().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

export const authenticationResponseSchema = inputObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: inputObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(8192),
    userHandle: base64url(256).optional(),
    attestationObject: base64url(16_384).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});
export type PasskeyAssertion = z.infer<typeof authenticationResponseSchema>;

/** Options for the browser's `navigator.credentials` call, as JSON (passed to @simplewebauthn/browser). */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** `POST /User/mfa/passkeys`: the name the person gives it and the browser's answer. */
export const addPasskeyRequestSchema = inputObject({ name: passkeyNameField, response: registrationResponseSchema });
export const renamePasskeyRequestSchema = inputObject({ name: passkeyNameField });
export const passkeyParamsSchema = inputObject({ id: z.uuid({ message: 'Invalid id' }) });

/** A passkey as listed: no key material. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * A passkey added: with ten recovery codes, shown once, when it is the account's first strong
 * factor; and when it was the set-up the MFA policy asked for at sign-in, the token of the full
 * session it opens (null otherwise, decision 036).
 */
export const passkeyAddedSchema = z.object({
  passkey: passkeySchema,
  recoveryCodes: z.array(z.string()).nullable(),
  token: z.string().nullable(),
});

/** `POST /User/passkey/login-options`: the options of a sign-in with a passkey alone, and their id. */
export const passkeyLoginOptionsSchema = z.object({ challengeId: z.string(), options: passkeyOptionsSchema });

/** `POST /User/passkey/login`: the challenge's id and the browser's answer. */
export const passkeyLoginRequestSchema = inputObject({
  challengeId: z.uuid({ message: 'Invalid id' }),
  response: authenticationResponseSchema,
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
  passkeys: z.array(passkeySchema),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** Whether a code has the shape its method needs, with the message to show when it does not. */
export function twoFactorCodeProblem(method: TwoFactorMethod, code: string): string | null {
  const bare = code.replace(/[\s-]+/g, '');
  if (method === 'passkey') return MFA_MSG.passkeyMissing;
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
