import type { FieldError } from '@portal/contracts/envelope';

/** An expected refusal: the error handler turns it into the failure envelope with its status. */
export class AppError extends Error {
  /** A stable code the envelope carries for a client to act on (a subclass sets it). */
  code?: string;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message = 'Your session has ended. Please sign in again.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** A refusal of one field: the message is the envelope's and the field's, so the form shows it there. */
export const refuseField = (status: number, field: string, message: string) =>
  new AppError(status, message, [{ field, message }]);
