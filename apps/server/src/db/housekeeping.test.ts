import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper';
import { purgeExpired } from './housekeeping';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function count(table: string) {
  const answer: unknown = await ctx.handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((answer as { rows: { n: number }[] }).rows[0]?.n);
}

describe('purgeExpired', () => {
  it('removes sessions, challenges, tokens and rate-limit windows long past, and keeps live ones', async () => {
    await ctx.login('secure@example.com');
    await ctx.app.inject({ method: 'POST', url: '/api/User/forgot-password', payload: { email: 'admin@example.com' } });
    const live = await ctx.login('admin@example.com');
    expect(await count('sessions')).toBe(2);
    expect(await purgeExpired(ctx.handle.db, ctx.clock.now())).toEqual({
      sessions: 0,
      twoFactorChallenges: 0,
      accountTokens: 0,
      rateLimits: 0,
    });

    const later = new Date(ctx.clock.now().getTime() + 9 * 24 * 3_600_000);
    const purged = await purgeExpired(ctx.handle.db, later);
    expect(purged).toMatchObject({ sessions: 2, twoFactorChallenges: 1, accountTokens: 1 });
    expect(purged.rateLimits).toBeGreaterThan(0);
    expect(await count('sessions')).toBe(0);
    expect(live).toBeTruthy();
  });
});
