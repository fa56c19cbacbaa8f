import Fastify, { type FastifyServerOptions } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { QuietRequestLog, registerRequestLoggers } from './request-log';

/** As buildApp makes it: Fastify's `logger` option, pino's options or none. */
async function appWith(logger: FastifyServerOptions['logger']) {
  const app = Fastify({ logger, logController: new QuietRequestLog() });
  registerRequestLoggers(app);
  app.get('/hello', async (request) => {
    request.log.info({ step: 'inside' }, 'a line from the route');
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('the request loggers', () => {
  it('answer without a logger at all (buildApp’s default, as the bench builds it)', async () => {
    const app = await appWith(false);
    const res = await app.inject({ method: 'GET', url: '/hello' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await app.close();
  });

  it('write the route’s line with its request id, and the completed line only at debug', async () => {
    for (const level of ['info', 'debug'] as const) {
      const lines: Record<string, unknown>[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      });
      const app = await appWith({ level, stream });
      await app.inject({ method: 'GET', url: '/hello' });
      await app.close();
      expect(lines.find((line) => line.msg === 'a line from the route')).toMatchObject({
        step: 'inside',
        reqId: expect.any(String),
      });
      expect(lines.some((line) => line.msg === 'request completed')).toBe(level === 'debug');
    }
  });
});
