import { z } from 'zod';

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

/** A string of any request: never contains NUL; add trim/min/max as the field needs. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine(hasNoNul, { error: (issue) => `${fieldName(issue.path)} must not contain a NUL character.` });
}

/** A request body or query: unknown fields are refused, not dropped. */
export const inputObject = z.strictObject;
