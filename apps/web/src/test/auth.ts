import { DEFAULT_PASSWORD_REQUIREMENTS } from '@portal/contracts/password-policy';
import { ok } from './mock-api';

/** The server's default policy (docs/product.md): 12 to 128 characters, no composition rules. */
export const policyReply = {
  'GET /api/User/password-requirements': ok({
    requirements: DEFAULT_PASSWORD_REQUIREMENTS,
  }),
};

/** A login answer; by default a complete sign-in. */
export const loginOk = (
  data: Partial<{
    token: string;
    requirePasswordChange: boolean;
    twoFactorToken: string | null;
    requireTwoFactor: boolean;
    twoFactorMethods: ('passkey' | 'totp' | 'recovery' | 'email')[];
    requireMfaSetup: boolean;
    mfaSetupMethods: ('passkey' | 'totp')[];
  }> = {},
) =>
  ok({
    token: 'tok-1',
    requirePasswordChange: false,
    twoFactorToken: null,
    requireTwoFactor: false,
    twoFactorMethods: [],
    requireMfaSetup: false,
    mfaSetupMethods: [],
    ...data,
  });

/** The answer of a second factor or the forced password change: a full session, or the MFA policy's set-up. */
export const signedInOk = (token: string, mfaSetupMethods: ('passkey' | 'totp')[] = []) =>
  ok({ token, requireMfaSetup: mfaSetupMethods.length > 0, mfaSetupMethods });

export const PENDING_2FA_TOKEN = 'pending-2fa-token-0123456789';

/** The answer of a sign-in that needs the emailed code. */
export const twoFactorLogin = loginOk({
  token: PENDING_2FA_TOKEN,
  twoFactorToken: PENDING_2FA_TOKEN,
  requireTwoFactor: true,
  twoFactorMethods: ['email'],
});

/** The answer of a sign-in whose account has an authenticator app and recovery codes. */
export const appLogin = loginOk({
  token: PENDING_2FA_TOKEN,
  twoFactorToken: PENDING_2FA_TOKEN,
  requireTwoFactor: true,
  twoFactorMethods: ['totp', 'recovery'],
});

/** The answer of a sign-in whose account has a passkey and recovery codes (decision 037). */
export const passkeyLogin = loginOk({
  token: PENDING_2FA_TOKEN,
  twoFactorToken: PENDING_2FA_TOKEN,
  requireTwoFactor: true,
  twoFactorMethods: ['passkey', 'recovery'],
});

export const failure = (status: number, message: string, errors?: { field: string; message: string }[]) => ({
  status,
  body: { success: false, message, ...(errors ? { errors } : {}) },
});
