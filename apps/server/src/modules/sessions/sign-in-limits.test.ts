import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

describe('sign-in rate limits', () => {
  it('locks an email after 10 failures in 15 minutes, whatever its spelling, even with the right password', async () => {
    ctx.clock.advanceMinutes(61);
    const spellings = ['user2@example.com', 'USER2@example.com', ' user2@example.com'];
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/User/login', { email: spellings[i % 3], password: 'wrong password here' });
      expect(res.statusCode).toBe(400);
    }
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/USER/Login',
      payload: { email: 'User2@Example.com', password: DEMO_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advanceMinutes(16);
    expect(
      (await post('/api/User/login', { email: 'user2@example.com', password: 'wrong password here' })).statusCode,
    ).toBe(400);
  });

  it('lets at most 10 of a parallel burst of guesses be checked', async () => {
    ctx.clock.advanceMinutes(61);
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/User/login',
          remoteAddress: '198.51.100.7',
          payload: { email: 'secure@example.com', password: 'guess guess guess' },
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('allows 30 attempts a minute from one address', async () => {
    ctx.clock.advanceMinutes(61);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/User/login',
        remoteAddress: '203.0.113.9',
        payload: { email: `nobody${i}@example.com`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
