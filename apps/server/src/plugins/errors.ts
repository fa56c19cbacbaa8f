import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '@portal/contracts/envelope';
import { AppError } from '../core/errors';

const fail = (message: string, errors?: FieldError[]): ErrorEnvelope =>
  errors ? { success: false, message, errors } : { success: false, message };

// Framework errors a client can cause, with the words it gets back.
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Send the request body as application/json.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header is wrong.'],
};

/** The one error handler: every failure leaves in the envelope, and a 5xx carries nothing internal. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        message: issue.message ?? 'Invalid input',
      }));
      const messages = [...new Set(errors.map((e) => e.message))];
      return reply.status(400).send(fail(messages.join('; '), errors));
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(fail(error.message, error.errors));
    }
    const known = CLIENT_ERRORS[error.code];
    if (known) return reply.status(known[0]).send(fail(known[1]));
    if (error.statusCode === 429) {
      return reply.status(429).send(fail('Too many requests. Please wait and try again.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      return reply.status(error.statusCode).send(fail('The request could not be processed.'));
    }
    // A failed query's message lists its parameters (hashes, tokens): log up to them only.
    const message = String(error.message ?? '').split('\nparams:')[0];
    request.log.error(
      { err: { type: error.name, code: error.code, message, stack: error.stack?.split('\nparams:')[0] } },
      'unhandled error',
    );
    return reply.status(500).send(fail('Something went wrong on our side. Please try again later.'));
  });
}
