import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ENDPOINTS as ENDPOINTS } from '@portal/contracts/all-endpoints';
import { envelope } from '@portal/contracts/envelope';
import { createTestContext, type TestContext } from '../../test/helper';
import { registerSerializer } from './serializer';
import { compileAnswer } from '../core/serializer';

/** Adds a property the contract does not name to every object of `value`, at every depth. */
function withStrangers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStrangers);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = { passwordHash: '$argon2id$secret', internalNote: { deep: true } };
  for (const [key, inner] of Object.entries(value)) out[key] = withStrangers(inner);
  return out;
}

describe('answers written by compiled serializers', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = await ctx.login('admin@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/User/accept-eula',
      headers: { authorization: `Bearer ${token}` },
    });
  });
  afterAll(() => ctx.close());

  it('compiles the answer of every endpoint of the table', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      if (!('response' in endpoint) || !endpoint.response) continue;
      expect(() => compileAnswer(endpoint.response as z.ZodType), name).not.toThrow();
    }
  });

  it.each([
    ['me', ENDPOINTS.me, '/api/User/me'],
    ['pools', ENDPOINTS.pools, '/api/LicensePool'],
  ] as const)(
    'writes what zod would, and drops what %s’s contract does not name, at every depth',
    async (_n, endpoint, url) => {
      const res = await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      const answer = res.json<unknown>();
      const written = compileAnswer(endpoint.response)(withStrangers(answer));
      expect(written).not.toContain('passwordHash');
      expect(written).not.toContain('internalNote');
      expect(JSON.parse(written)).toEqual(answer);
      expect(JSON.parse(written)).toEqual(endpoint.response.parse(answer));
    },
  );

  it('drops undeclared fields through a real route, and refuses an answer that lacks a required one', async () => {
    const app = Fastify();
    registerSerializer(app);
    const schema = { response: { 200: envelope(z.object({ id: z.string(), note: z.string().nullable() })) } };
    app.get('/extra', { schema }, async () => ({
      success: true,
      data: { id: 'a', note: null, passwordHash: 'x', nested: { secret: 1 } },
      debug: 'stack',
    }));
    app.get('/missing', { schema }, async () => ({ success: true, data: { note: 'no id' } }));
    const extra = await app.inject('/extra');
    expect(extra.statusCode).toBe(200);
    expect(extra.body).toBe('{"success":true,"data":{"id":"a","note":null}}');
    const missing = await app.inject('/missing');
    expect(missing.statusCode).toBe(500);
    expect(missing.body).not.toContain('no id');
    await app.close();
  });
});
