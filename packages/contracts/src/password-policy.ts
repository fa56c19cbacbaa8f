import { z } from 'zod';

/** The password policy the server enforces and serves at `GET User/password-requirements`. */
export const passwordRequirementsSchema = z.object({
  minLength: z.number().int().min(1),
  /** 0 means no maximum. */
  maxLength: z.number().int().min(0),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireDigit: z.boolean(),
  requireSpecialChar: z.boolean(),
});
export type PasswordRequirements = z.infer<typeof passwordRequirementsSchema>;

/** The server's default policy (its PASSWORD_* settings unset): 12 to 128 characters, no composition rules. */
export const DEFAULT_PASSWORD_REQUIREMENTS: PasswordRequirements = {
  minLength: 12,
  maxLength: 128,
  requireUppercase: false,
  requireLowercase: false,
  requireDigit: false,
  requireSpecialChar: false,
};

/**
 * Every rule the password breaks, in the product's words. The browser lists them in red
 * under the form; the server answers them as field errors. The server alone also refuses common and
 * easily guessed passwords (its strength estimator is too large to ship to the browser).
 */
export function passwordPolicyErrors(password: string, policy: PasswordRequirements): string[] {
  const errors: string[] = [];
  const length = [...password].length;
  if (length < policy.minLength) errors.push(`Password must be at least ${policy.minLength} characters long`);
  if (policy.maxLength > 0 && length > policy.maxLength) {
    errors.push(`Password must be no more than ${policy.maxLength} characters long`);
  }
  if (policy.requireUppercase && !/\p{Lu}/u.test(password))
    errors.push('Password must contain at least one uppercase letter');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password))
    errors.push('Password must contain at least one lowercase letter');
  if (policy.requireDigit && !/\p{Nd}/u.test(password)) errors.push('Password must contain at least one digit');
  if (policy.requireSpecialChar && !/[^\p{L}\p{Nd}]/u.test(password)) {
    errors.push('Password must contain at least one special character');
  }
  return errors;
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';
/** The server's strength check (repeats, sequences, keyboard runs, dates): its own message. */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess (repeated characters, sequences or common words). Please choose a less predictable one.';
