import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

/** RATE_LIMIT_PER_ADDRESS sets the per-address limit of sign-in, reset and confirm requests. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_PER_ADDRESS: '3' });
});
afterAll(() => ctx?.close());

async function statuses(method: 'GET' | 'POST', url: string, payload: (i: number) => unknown, address: string) {
  const seen: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const res = await ctx.app.inject({ method, url, remoteAddress: address, payload: payload(i) as object });
    seen.push(res.statusCode);
  }
  return seen;
}

describe('RATE_LIMIT_PER_ADDRESS', () => {
  it('limits sign-in attempts from one address to the configured number a minute', async () => {
    const seen = await statuses(
      'POST',
      '/api/User/login',
      (i) => ({ email: `nobody${i}@example.com`, password: 'x' }),
      '203.0.113.20',
    );
    expect(seen).toEqual([400, 400, 400, 429]);
  });

  it('limits reset-link and confirm-link requests the same way', async () => {
    const reset = await statuses(
      'POST',
      '/api/User/reset-password',
      (i) => ({
        email: `nobody${i}@example.com`,
        token: 'x'.repeat(32),
        newPassword: 'Long-enough-pass-1',
        confirmPassword: 'Long-enough-pass-1',
      }),
      '203.0.113.21',
    );
    expect(reset.slice(0, 3)).not.toContain(429);
    expect(reset[3]).toBe(429);
    const confirm = await statuses('GET', '/api/User/confirm-email?token=x', () => undefined, '203.0.113.22');
    expect(confirm.slice(0, 3)).not.toContain(429);
    expect(confirm[3]).toBe(429);
  });

  it('defaults to 30 and refuses a value that is not a positive whole number', async () => {
    const { loadConfig, ConfigError } = await import('../../env');
    expect(loadConfig({}).RATE_LIMIT_PER_ADDRESS).toBe(30);
    expect(loadConfig({ RATE_LIMIT_PER_ADDRESS: '5000' }).RATE_LIMIT_PER_ADDRESS).toBe(5000);
    expect(() => loadConfig({ RATE_LIMIT_PER_ADDRESS: '0' })).toThrow(ConfigError);
  });
});
