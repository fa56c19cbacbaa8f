import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper';
import { purgeExpired } from './housekeeping';
import { rowsOf } from './rows';
import { mailOutbox, ssoLogins, webhookDeliveries, webhookEndpoints } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function count(table: string) {
  const answer: unknown = await ctx.handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((answer as { rows: { n: number }[] }).rows[0]?.n);
}

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: { authorization: `Bearer ${token}` } });

async function leaveRows(resetFor: string): Promise<string> {
  await ctx.login('secure@example.com');
  await ctx.app.inject({ method: 'POST', url: '/api/User/forgot-password', payload: { email: resetFor } });
  // The link is issued in the background: its mail says the token row is written.
  const mail = await ctx.mail.waitFor(resetFor, /reset your password/i);
  ctx.mail.messages.splice(ctx.mail.messages.indexOf(mail), 1);
  return ctx.login('admin@example.com');
}

describe('purgeExpired', () => {
  it('removes sessions, challenges, tokens and rate-limit windows long past, and keeps live ones beside them', async () => {
    const old = await leaveRows('admin@example.com');
    // A passkey's challenge, bound to that session (decision 037).
    const options = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/mfa/passkeys/options',
      headers: { authorization: `Bearer ${old}` },
    });
    expect(options.statusCode).toBe(200);
    expect(await purgeExpired(ctx.handle.db, ctx.clock.now())).toEqual({
      sessions: 0,
      mailOutbox: 0,
      webhookDeliveries: 0,
      twoFactorChallenges: 0,
      passkeyChallenges: 0,
      ssoLogins: 0,
      accountTokens: 0,
      rateLimits: 0,
    });

    ctx.clock.advanceMinutes(9 * 24 * 60);
    const live = await leaveRows('user@example.com');
    expect(await count('sessions')).toBe(4);

    const purged = await purgeExpired(ctx.handle.db, ctx.clock.now());
    expect(purged).toMatchObject({ sessions: 2, twoFactorChallenges: 1, accountTokens: 1, passkeyChallenges: 1 });
    expect(purged.rateLimits).toBeGreaterThan(0);
    expect(await count('sessions')).toBe(2);
    expect(await count('two_factor_challenges')).toBe(1);
    expect(await count('account_tokens')).toBe(1);
    expect(await count(`rate_limits where key = 'forgot:user@example.com'`)).toBe(1);
    expect((await me(live)).statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401);
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

  it('removes webhook deliveries 30 days after their last attempt, and keeps those still pending', async () => {
    const now = ctx.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
    const [{ id: admin }] = rowsOf<{ id: string }>(
      await ctx.handle.db.execute(sql`SELECT id FROM accounts WHERE email = 'admin@example.com'`),
    ) as [{ id: string }];
    const [endpoint] = await ctx.handle.db
      .insert(webhookEndpoints)
      .values({ accountId: admin, url: 'https://hooks.example/in', events: ['license.allocated'], secret: 'sealed' })
      .returning({ id: webhookEndpoints.id });
    const delivery = (messageId: string, status: 'Pending' | 'Succeeded' | 'Failed', lastAttemptAt: Date) => ({
      endpointId: endpoint!.id,
      messageId,
      eventType: 'license.allocated',
      payload: {},
      status,
      lastAttemptAt,
    });
    await ctx.handle.db
      .insert(webhookDeliveries)
      .values([
        delivery('msg_old_ok', 'Succeeded', daysAgo(31)),
        delivery('msg_old_failed', 'Failed', daysAgo(31)),
        delivery('msg_old_pending', 'Pending', daysAgo(31)),
        delivery('msg_recent_failed', 'Failed', daysAgo(29)),
      ]);
    expect((await purgeExpired(ctx.handle.db, now)).webhookDeliveries).toBe(2);
    const left = await ctx.handle.db.select({ id: webhookDeliveries.messageId }).from(webhookDeliveries);
    expect(left.map((row) => row.id).sort()).toEqual(['msg_old_pending', 'msg_recent_failed']);
  });

  it('removes a single sign-on in flight a week after it expired, and keeps a recent one', async () => {
    const now = ctx.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
    const [admin] = rowsOf<{ id: string }>(
      await ctx.handle.db.execute(sql`select id from accounts where email = 'admin@example.com'`),
    );
    const login = (state: string, expiresAt: Date) => ({
      tenantId: admin!.id,
      stateHash: state,
      browserHash: 'browser',
      nonce: 'nonce',
      codeVerifier: 'sealed',
      email: 'person@acme.test',
      expiresAt,
    });
    await ctx.handle.db.insert(ssoLogins).values([login('old-state', daysAgo(8)), login('new-state', daysAgo(6))]);
    expect((await purgeExpired(ctx.handle.db, now)).ssoLogins).toBe(1);
    const left = await ctx.handle.db.select({ state: ssoLogins.stateHash }).from(ssoLogins);
    expect(left.map((row) => row.state)).toEqual(['new-state']);
  });
});
