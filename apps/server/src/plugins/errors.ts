import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '@portal/contracts/envelope';
import type { Clock } from '../lib/clock';
import { AppError } from '../core/errors';
import { logSecurityRefusal } from '../core/security-log';
import { API_HEADERS } from './security-headers';

const fail = (message: string, errors?: FieldError[], code?: string): ErrorEnvelope => ({
  success: false,
  message,
  ...(errors && { errors }),
  ...(code && { code }),
});

// Framework errors a client can cause, with the words it gets back.
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Send the request body as application/json.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header is wrong.'],
  FST_ERR_BAD_URL: [400, 'The address of the request is not valid.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address of the request is too long.'],
};

/** Refusals worth a warn line: a caller probing ids or permissions, or hammering a rate limit. */
const LOGGED_REFUSALS = new Set([403, 404, 429]);

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[] };
}

/** One field error per problem; an unknown field is named by its own path. */
function fieldErrors(issues: ValidationIssue[], context: string): FieldError[] {
  return issues.flatMap((issue) => {
    const at = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      return issue.params.keys.map((key) => {
        const field = at ? `${at}.${key}` : key;
        return { field, message: `Unknown field: ${field}.` };
      });
    }
    return [{ field: at || context, message: issue.message ?? 'Invalid input' }];
  });
}

function logRefusal(request: FastifyRequest, status: number, reason: string, clock: Clock): void {
  // An unknown path is not a refusal of anything: only routes that exist are logged.
  const pattern = request.routeOptions.url;
  if (!LOGGED_REFUSALS.has(status) || !pattern) return;
  const actor = request.principal?.accountId ?? 'anonymous';
  const route = `${request.method} ${pattern}`;
  logSecurityRefusal(request.log, { actor, ip: request.ip, route, status, reason }, clock.now());
}

/** The one error handler: every failure leaves in the envelope, and a 5xx carries nothing internal. */
export function registerErrorHandler(app: FastifyInstance, clock: Clock): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, error.validationContext ?? 'body');
      const messages = [...new Set(errors.map((e) => e.message))];
      return reply.status(400).send(fail(messages.join('; '), errors));
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      logRefusal(request, error.statusCode, error.message, clock);
      return reply.status(error.statusCode).send(fail(error.message, error.errors, error.code));
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

/**
 * Fastify's `frameworkErrors`: a malformed or overlong address is refused before routing, so
 * neither the hooks nor the error handler run; this answers in the envelope with the headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = CLIENT_ERRORS[error.code] ?? [400, 'The request could not be processed.'];
  // No hook ran: the request id is added here, as plugins/request-id.ts does for every other answer.
  void reply
    .headers({ ...API_HEADERS, 'x-request-id': request.id })
    .status(status)
    .send({ ...fail(message), requestId: request.id });
}

const RAW_HEADERS = Object.entries(API_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Fastify's `clientErrorHandler`: Node refuses a request it cannot parse (headers or request
 * line over the limit, broken HTTP, too slow) before Fastify sees it; the answer is written on
 * the socket by hand, still in the envelope and with the headers.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The address or headers of the request are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  // No request was parsed, so none has an id yet: the answer gets a new one.
  const requestId = randomUUID();
  const body = JSON.stringify({ ...fail(message), requestId });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n${RAW_HEADERS}x-request-id: ${requestId}\r\n` +
        `content-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * While the server drains, a request that still arrives (keep-alive, pipelined) gets a 503 in the
 * envelope instead of Fastify's bare one (`return503OnClosing: false` in app.ts).
 */
export function registerShutdownRefusal(app: FastifyInstance): void {
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    // A keep-alive connection busy when the close began would stay open, idle, until its timeout
    // and hold the exit: each is closed once it falls idle (a request that still comes on it
    // before then gets the 503 below, which the load balancer retries elsewhere).
    sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    if (!closing) return done();
    done(
      new AppError(503, 'The server is shutting down. Please try again in a moment.', undefined, {
        'retry-after': '5',
      }),
    );
  });
}
