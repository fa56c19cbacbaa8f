import { randomInt } from 'node:crypto';
import core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import {
  COMMON_PASSWORD_MESSAGE,
  type PasswordRequirements,
  passwordPolicyErrors,
  WEAK_PASSWORD_MESSAGE,
} from '@portal/contracts/password-policy';
import type { Config } from '../../env';
import type { CpuPool } from '../../core/cpu-pool';
import { badRequest } from '../../core/errors';

/**
 * zxcvbn's score 3 means "safely unguessable" (about 10^10 guesses), which with the sign-in limits
 * is far beyond an online attacker. Below that the password is refused.
 */
const MIN_SCORE = 3;
// zxcvbn's matching grows faster than linearly with length; the tail of a long password adds little.
const CHECKED_LENGTH = 256;
const COMMON_WARNINGS = new Set(['common', 'similarToCommon', 'topTen', 'topHundred']);

let estimator: InstanceType<typeof core.ZxcvbnFactory> | undefined;
function strengthEstimator(): InstanceType<typeof core.ZxcvbnFactory> {
  // Built on first use (about 0.1 s): the dictionaries are large and most requests never need them.
  estimator ??= new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator;
}

/** Null when strong enough, else the message to show: common passwords keep their own wording. */
export function passwordStrengthError(password: string, userInputs: string[] = []): string | null {
  const result = strengthEstimator().check(password.slice(0, CHECKED_LENGTH), userInputs);
  if (result.score >= MIN_SCORE) return null;
  return result.feedback.warning && COMMON_WARNINGS.has(result.feedback.warning)
    ? COMMON_PASSWORD_MESSAGE
    : WEAK_PASSWORD_MESSAGE;
}

/** The strength estimate, off the request thread when there is a pool (decision 039). */
export type StrengthCheck = (password: string, userInputs: string[]) => Promise<string | null>;

/** The policy's rules with the strength check to use; without one, zxcvbn runs on this thread. */
export type PasswordRules = PasswordRequirements & { strength?: StrengthCheck };

/** The worker's task (src/worker.ts): zxcvbn's check of one password. */
export function passwordStrengthTask({ password, userInputs }: { password: string; userInputs: string[] }) {
  return passwordStrengthError(password, userInputs);
}

/** zxcvbn in the pool's threads; only the checked length of each string is sent. */
export function strengthCheckOf(cpu: CpuPool | null): StrengthCheck {
  if (!cpu) return async (password, userInputs) => passwordStrengthError(password, userInputs);
  return (password, userInputs) =>
    cpu.run<string | null>('passwordStrength', {
      password: password.slice(0, CHECKED_LENGTH),
      userInputs: userInputs.map((input) => input.slice(0, CHECKED_LENGTH)),
    });
}

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

/**
 * Every path that sets a password calls this: the policy rules, then (when those pass) the strength
 * estimate, which also weighs the account's own email and name.
 */
export async function assertPasswordAllowed(
  password: string,
  rules: PasswordRules,
  field = 'newPassword',
  userInputs: string[] = [],
): Promise<void> {
  const messages = passwordPolicyErrors(password, rules);
  const strength = rules.strength ?? strengthCheckOf(null);
  const weak = messages.length === 0 ? await strength(password, userInputs) : null;
  if (weak) messages.push(weak);
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
