import { randomInt } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import {
  COMMON_PASSWORD_MESSAGE,
  type PasswordRequirements,
  passwordPolicyErrors,
} from '@portal/contracts/password-policy';
import type { Config } from '../../env';
import { badRequest } from '../../core/errors';

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function passwordRequirements(config: Config): PasswordRequirements {
  return {
    minLength: config.PASSWORD_MIN_LENGTH,
    maxLength: config.PASSWORD_MAX_LENGTH,
    requireUppercase: config.PASSWORD_REQUIRE_UPPERCASE,
    requireLowercase: config.PASSWORD_REQUIRE_LOWERCASE,
    requireDigit: config.PASSWORD_REQUIRE_DIGIT,
    requireSpecialChar: config.PASSWORD_REQUIRE_SPECIAL,
  };
}

/** Every path that sets a password calls this: policy rules, then the common-password list. */
export function assertPasswordAllowed(
  password: string,
  requirements: PasswordRequirements,
  field = 'newPassword',
): void {
  const messages = passwordPolicyErrors(password, requirements);
  if (COMMON.has(password.toLowerCase())) messages.push(COMMON_PASSWORD_MESSAGE);
  if (messages.length > 0) {
    throw badRequest(
      messages.join('; '),
      messages.map((message) => ({ field, message })),
    );
  }
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!@#$%^&*-_=+';

/** A one-time password that satisfies any policy setting: every class, at least 16 long. */
export function generateSystemPassword(requirements: PasswordRequirements): string {
  const length = Math.max(16, requirements.minLength);
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
