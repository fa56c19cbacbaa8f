import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the API surface', () => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject('/api/health')).json()).toEqual({ success: true, data: { status: 'ok' } });
    expect((await ctx.app.inject('/api/ready')).statusCode).toBe(200);
  });

  it('answers an unknown API path with a JSON 404 in the envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no/such/route' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('routes API paths in any letter case', async () => {
    const token = await ctx.login('admin@example.com');
    const res = await ctx.app.inject({ url: '/API/user/ME', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('sends security headers on every response and no-store on the API', async () => {
    for (const url of ['/api/health', '/api/nope', '/some/page']) {
      const res = await ctx.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      // A JSON answer loads nothing if opened as a page; the web app loads scripts of its own origin only.
      expect(csp).toContain(url.startsWith('/api/') ? "default-src 'none'" : "script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline[^;]*;[^;]*script|script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect((await ctx.app.inject('/api/health')).headers['cache-control']).toBe('no-store');
  });

  it('refuses malformed and oversized bodies with a clear 4xx', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      message: 'The request body is not valid JSON.',
      requestId: expect.any(String),
    });
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2_000_000) },
    });
    expect(big.statusCode).toBe(413);
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/User/login', '/api/User/me', '/api/User/logout']),
    );
    expect(doc.paths['/api/User/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
  });
});

describe('bad addresses and paging', () => {
  it('answers a malformed page address with 400, not 500', async () => {
    expect((await ctx.app.inject('/%00')).statusCode).toBe(400);
    expect((await ctx.app.inject('/x%E0')).statusCode).toBe(400);
  });

  it('refuses an absurd page number with 400, not a database error', async () => {
    const token = await ctx.login('admin@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/User/accept-eula',
      headers: { authorization: `Bearer ${token}` },
    });
    for (const url of [
      '/api/LicensePool?pageNumber=9007199254740991&pageSize=2000',
      '/api/User/child-accounts?pageNumber=9007199254740991&pageSize=10',
    ]) {
      const res = await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
