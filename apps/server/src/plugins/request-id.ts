import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const HEADER = 'x-request-id';
/** What an id from outside may look like: it is written into logs and answers as it is. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's genReqId: the id a proxy in front assigned, when sane, or a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request: the X-Request-Id header, and `requestId` in every error
 * envelope, the value every log line of that request carries as `reqId`. A user who reports an
 * error can quote it and an operator finds the lines.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(HEADER, request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'string' && payload.startsWith('{"success":false')) {
      done(null, `${payload.slice(0, -1)},"requestId":${JSON.stringify(request.id)}}`);
      return;
    }
    done(null, payload);
  });
}
