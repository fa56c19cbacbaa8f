import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * The server's 400 field errors for the given fields, first message per field (the toast has
 * already shown the summary). Server field paths may be dotted (`body.email`); the last segment
 * names the field.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return found;
  for (const { field, message } of error.fieldErrors) {
    const name = fields.find((candidate) => candidate === field.split('.').pop());
    if (name && found[name] === undefined) found[name] = message;
  }
  return found;
}

/** Puts the server's 400 field errors on the matching fields of a react-hook-form form. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const found = serverFieldErrors(error, fields);
  for (const name of fields) {
    const message = found[name];
    if (message !== undefined) setError(name, { type: 'server', message });
  }
}
