import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's 400 field errors on the matching form fields (the toast has already shown the
 * summary). Server field paths may be dotted (`body.email`); the last segment names the field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const { field, message } of error.fieldErrors) {
    const name = fields.find((candidate) => candidate === field.split('.').pop());
    if (name) setError(name, { type: 'server', message });
  }
}
