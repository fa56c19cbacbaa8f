import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper';
import { purgeExpired } from './housekeeping';
import { mailOutbox } from './schema';

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
      mailOutbox: 0,
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

  it('removes outbox mail a week after it was sent or given up, and keeps mail still to send', async () => {
    const now = ctx.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
    const mail = { subject: 'Your code', textBody: null, htmlBody: null };
    await ctx.handle.db.insert(mailOutbox).values([
      { ...mail, recipient: 'old-sent@example.com', sentAt: daysAgo(8), nextAttemptAt: daysAgo(8) },
      { ...mail, recipient: 'old-failed@example.com', failedAt: daysAgo(8), nextAttemptAt: daysAgo(8) },
      { ...mail, recipient: 'recent@example.com', sentAt: daysAgo(1), nextAttemptAt: daysAgo(1) },
    ]);
    const before = await count('mail_outbox');
    expect((await purgeExpired(ctx.handle.db, now)).mailOutbox).toBe(2);
    expect(await count('mail_outbox')).toBe(before - 2);
    const left = await ctx.handle.db.select({ to: mailOutbox.recipient }).from(mailOutbox);
    expect(left.map((row) => row.to)).toContain('recent@example.com');
  });
});
