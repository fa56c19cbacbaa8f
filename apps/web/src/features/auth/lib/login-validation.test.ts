import { loginRequestSchema, loginResponseSchema } from '@portal/contracts/login';
import { describe, expect, it } from 'vitest';
import { parseLoginResponse, validateLogin } from './login-validation';

const emails = [
  '',
  '   ',
  'dana@contoso.example',
  '  dana@contoso.example  ',
  'first.last+tag@sub.contoso.co',
  "o'neil@contoso.example",
  'nope',
  'dana@',
  '@contoso.example',
  'dana@contoso',
  'dana@contoso.c',
  '.dana@contoso.example',
  'da..na@contoso.example',
  'dana.@contoso.example',
  'dana@-contoso.example',
  'dana @contoso.example',
  `${'a'.repeat(250)}@contoso.example`,
];
const passwords = ['', ' ', 'secret', 'x'.repeat(1024), 'x'.repeat(1025)];

describe('the lean login checks', () => {
  it('agree with the login contract on every field, message included', () => {
    for (const email of emails) {
      for (const password of passwords) {
        const values = { email, password };
        const contract = loginRequestSchema.safeParse(values);
        const lean = validateLogin(values);
        expect(lean.data, JSON.stringify(values)).toEqual(contract.success ? contract.data : undefined);
        if (contract.success) continue;
        const failed = new Set(contract.error.issues.map((issue) => String(issue.path[0])));
        expect(new Set(Object.keys(lean.errors)), JSON.stringify(values)).toEqual(failed);
        for (const issue of contract.error.issues) {
          // Only the length limit of a 1025-character password has a generic message.
          if (issue.path[0] === 'password' && password.length > 1024) continue;
          expect(lean.errors[issue.path[0] as 'email' | 'password']).toBe(issue.message);
        }
      }
    }
  });

  it('reads the login answer as the contract does, and refuses what it refuses', () => {
    const none = {
      token: 't',
      requirePasswordChange: false,
      twoFactorToken: null,
      requireTwoFactor: false,
      twoFactorMethods: [],
    };
    const answers: unknown[] = [
      { token: 't', requirePasswordChange: false, twoFactorToken: null, requireTwoFactor: false, twoFactorMethods: [] },
      { ...none, requireMfaSetup: false, mfaSetupMethods: [] },
      { ...none, requireMfaSetup: true, mfaSetupMethods: ['passkey', 'totp'] },
      { ...none, requireMfaSetup: true, mfaSetupMethods: ['sms'] },
      { ...none, requireMfaSetup: 'yes', mfaSetupMethods: [] },
      {
        token: 't',
        requirePasswordChange: true,
        twoFactorToken: 'p',
        requireTwoFactor: true,
        twoFactorMethods: ['passkey', 'totp', 'email'],
        requireMfaSetup: false,
        mfaSetupMethods: [],
        extra: 1,
      },
      {
        token: 't',
        requirePasswordChange: false,
        twoFactorToken: 'p',
        requireTwoFactor: true,
        twoFactorMethods: ['sms'],
      },
      { token: 't', requirePasswordChange: false, twoFactorToken: null, requireTwoFactor: false },
      { token: 't', requirePasswordChange: false, requireTwoFactor: false },
      { token: 1, requirePasswordChange: false, twoFactorToken: null, requireTwoFactor: false },
      { token: 't', requirePasswordChange: 'no', twoFactorToken: null, requireTwoFactor: false },
      null,
    ];
    for (const answer of answers) {
      const contract = loginResponseSchema.safeParse(answer);
      if (contract.success) expect(parseLoginResponse(answer)).toEqual(contract.data);
      else expect(() => parseLoginResponse(answer)).toThrow();
    }
  });
});
