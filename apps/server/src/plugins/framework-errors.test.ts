import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '@portal/contracts/envelope';
import { createTestContext, type TestContext } from '../../test/helper';
import { connect, parseResponses } from '../../test/raw-http';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

/** The answer carries the failure envelope and the API's headers, whatever produced it. */
function expectEnveloped(headers: Record<string, unknown>, body: string, message: RegExp): void {
  expect(headers['content-type']).toMatch(/^application\/json/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toContain("default-src 'none'");
  expect(headers['cache-control']).toBe('no-store');
  // It names its request: the header and the envelope's requestId carry the same id.
  const id = headers['x-request-id'];
  expect(id).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
  const parsed = errorEnvelopeSchema.strict().parse(JSON.parse(body));
  expect(parsed.message).toMatch(message);
  expect(parsed.requestId).toBe(id);
  expect(body.split('"requestId"')).toHaveLength(2);
}

describe('answers the framework makes', () => {
  it('a malformed URL is a 400 in the envelope', async () => {
    const res = await ctx.app.inject('/api/%c0%ae');
    expect(res.statusCode).toBe(400);
    expectEnveloped(res.headers, res.body, /address of the request is not valid/);
  });

  // The router refuses a parameter over its length limit before routing (frameworkErrors); only a
  // wildcard route, as the built web app's, would catch it instead (then a 404 No API route).
  it('an overlong path parameter is a 414 in the envelope', async () => {
    const res = await ctx.app.inject(`/api/LicensePool/${'a'.repeat(300)}/users`);
    expect(res.statusCode).toBe(414);
    expectEnveloped(res.headers, res.body, /address of the request is too long/);
  });

  it('HEAD of an unknown API path is a 404 that is not cached', async () => {
    for (const url of ['/api/NoSuchThing', '/api']) {
      const res = await ctx.app.inject({ method: 'HEAD', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it.each([
    ['a body over 1 MB', 'application/json', JSON.stringify({ email: 'x'.repeat(1_100_000) }), 413, /too large/],
    ['a body that is not JSON', 'application/xml', '<email/>', 415, /application\/json/],
    ['invalid JSON', 'application/json', '{"email":', 400, /not valid JSON/],
  ])('%s answers in the envelope', async (_name, contentType, payload, status, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/forgot-password',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expectEnveloped(res.headers, res.body, message);
  });

  it('a 20 KB query string is a 431 in the envelope (a real socket)', async () => {
    const { socket, received } = connect(port);
    socket.write(`GET /api/LicensePool?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: test\r\n\r\n`);
    const [answer] = parseResponses(await received);
    expect(answer?.status).toBe(431);
    expectEnveloped(answer!.headers, answer!.body, /too large/);
  });

  it('a request that is not HTTP is a 400 in the envelope (a real socket)', async () => {
    const { socket, received } = connect(port);
    socket.write('NOT HTTP AT ALL\r\n\r\n');
    const [answer] = parseResponses(await received);
    expect(answer?.status).toBe(400);
    expectEnveloped(answer!.headers, answer!.body, /not valid HTTP/);
  });

  // Last: it closes the server.
  it('a request arriving while the server shuts down is a 503 in the envelope', async () => {
    const { socket, received } = connect(port);
    const body = JSON.stringify({ email: 'draining@example.com' });
    // `Expect: 100-continue` tells when the first request has been routed, before the close.
    const routed = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write(
      `POST /api/User/forgot-password HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await routed;
    const closed = ctx.app.close();
    await vi.waitFor(() => expect(ctx.app.server.listening).toBe(false));
    // The first request's body, then a second request pipelined on the same connection.
    socket.write(`${body}GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n`);
    const answers = parseResponses(await received);
    await closed;
    expect(answers.map((a) => a.status)).toEqual([200, 503]);
    expectEnveloped(answers[1]!.headers, answers[1]!.body, /shutting down/);
  });
});
