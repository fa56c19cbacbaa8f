import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, WEAK_PASSWORD_MESSAGE } from '@portal/contracts/password-policy';
import { DEFAULT_PASSWORD_REQUIREMENTS } from '../../../test/password-fixtures';
import { threadNiceValues } from '../../../test/threads';
import { createCpuPool } from '../../core/cpu-pool';
import { generateSystemPassword, passwordStrengthError, strengthCheckOf } from './password-policy';

describe('passwordStrengthError', () => {
  it('refuses repetitions, sequences and keyboard runs of 12 characters or more', () => {
    for (const weak of ['aaaaaaaaaaaa', '123123123123', 'abcdefghijkl', 'passwordpassword1', 'qwertyuiopasdf']) {
      expect(passwordStrengthError(weak), weak).not.toBeNull();
    }
    expect(passwordStrengthError('aaaaaaaaaaaa')).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it('keeps the common-password message for passwords on the breached lists', () => {
    expect(passwordStrengthError('qwerty123456')).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it("weighs the account's own email and name", () => {
    expect(passwordStrengthError('dana.lee@contoso.example')).toBeNull();
    expect(passwordStrengthError('dana.lee@contoso.example', ['dana.lee@contoso.example'])).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it('accepts passphrases and the passwords the system generates', () => {
    for (const good of ['correct-horse-battery-staple', 'a brand new passphrase 42', 'Good-Passw0rd-here']) {
      expect(passwordStrengthError(good), good).toBeNull();
    }
    for (let i = 0; i < 20; i += 1)
      expect(passwordStrengthError(generateSystemPassword(DEFAULT_PASSWORD_REQUIREMENTS))).toBeNull();
  });
});

describe('the strength check in the worker pool (decision 039)', () => {
  it('gives the verdicts of the request thread, and bounds what it sends', async () => {
    const pool = createCpuPool(1);
    try {
      const check = strengthCheckOf(pool);
      const cases: [string, string[]][] = [
        ['aaaaaaaaaaaa', []],
        ['qwerty123456', []],
        ['dana.lee@contoso.example', ['dana.lee@contoso.example']],
        ['dana.lee@contoso.example', []],
        ['correct horse battery staple 42', []],
        [generateSystemPassword(DEFAULT_PASSWORD_REQUIREMENTS), []],
        ['x'.repeat(5000), ['y'.repeat(5000)]],
      ];
      for (const [password, inputs] of cases) {
        expect(await check(password, inputs), password.slice(0, 40)).toBe(passwordStrengthError(password, inputs));
      }
      expect(pool.threads).toBe(1);
      // The interactive lane: a person waits for this check, so its thread keeps the process's priority.
      expect(new Set(threadNiceValues())).toEqual(new Set([0]));
    } finally {
      await pool.close();
    }
    expect(pool.threads).toBe(0);
  });
});
