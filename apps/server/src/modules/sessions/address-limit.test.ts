import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '@portal/contracts/routes';
import { createTestContext, type TestContext } from '../../../test/helper';

/** RATE_LIMIT_PER_ADDRESS sets the per-address limit of sign-in, reset and confirm requests. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_PER_ADDRESS: '3' });
});
afterAll(() => ctx?.close());

async function statuses(route: Route, payload: (i: number) => object, address: string) {
  const seen: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const { method, path } = route;
    const res = await ctx.app.inject({ method, url: `/api${path}`, remoteAddress: address, payload: payload(i) });
    seen.push(res.statusCode);
  }
  return seen;
}

describe('RATE_LIMIT_PER_ADDRESS', () => {
  it('limits sign-in attempts from one address to the configured number a minute', async () => {
    const seen = await statuses(
      ROUTES.login,
      (i) => ({ email: `nobody${i}@example.com`, password: 'x' }),
      '203.0.113.20',
    );
    expect(seen).toEqual([400, 400, 400, 429]);
  });

  it('limits reset-link and confirm-link requests the same way', async () => {
    const reset = await statuses(
      ROUTES.resetPassword,
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
    // A well-formed token that matches no account: the limit counts it before looking it up.
    const confirm = await statuses(ROUTES.confirmEmail, (i) => ({ token: `unknown-${i}` }), '203.0.113.22');
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
