import { z } from 'zod';
// Plain validation messages for every schema built from these (plain-errors.ts installs them).
import './plain-errors';

/**
 * The builders every request schema is made of (docs/decisions/011-input-and-envelope.md).
 * PostgreSQL cannot store a NUL character in text; without this check a NUL anywhere in a
 * request reached the database and answered 500. `inputObject` refuses unknown fields, so a
 * client's typo or a forbidden field (`isSuperAdmin`) is a 400 naming it, never silently dropped.
 */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

const fieldName = (path: readonly PropertyKey[] | undefined) =>
  path && path.length > 0 ? path.map(String).join('.') : 'The text';

/**
 * A string of any request: never contains NUL; add trim/min/max as the field needs. A message
 * given here (`text({ error: 'Name is required' })`) is for a missing or non-text value only: a
 * limit without its own message speaks for itself ("Name must be at most 100 characters"), never
 * "is required" for a name that is too long.
 */
export function text(params?: { error?: string }) {
  const missing = params?.error;
  return z
    .string(
      missing === undefined ? undefined : { error: (issue) => (issue.code === 'invalid_type' ? missing : undefined) },
    )
    .refine(hasNoNul, { error: (issue) => `${fieldName(issue.path)} must not contain a NUL character.` });
}

/** A request body or query: unknown fields are refused, not dropped. */
export const inputObject = z.strictObject;

/** An id of a path or query: a uuid, 'Invalid id' otherwise. */
export const idField = z.uuid({ message: 'Invalid id' });

/** A list's free-text `search` query field. */
export const searchField = text().trim().max(200).optional();

/** A query flag: `true`/`false` as text, or a boolean; false when absent. */
export const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .default(false);
