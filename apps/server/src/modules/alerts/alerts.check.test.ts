import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@portal/contracts/audit';
import type { LotInput } from '../stock';
import { issueLot } from '../stock';
import { rowsOf } from '../../db/rows';
import { MailQueue } from '../../core/mail-outbox';
import { createMailer } from '../../lib/mailer';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { addAccount, idOf } from '../../../test/fixtures';
import { type AlertJobDeps, AlertScheduler, runDailyAlerts } from './index';

/**
 * The daily alert check (decision 027) with the test's clock: what it mails, through the real SMTP
 * catcher, to whom, how often, and that two runs at once mail once. On PostgreSQL
 * (TEST_DATABASE_URL) the concurrent runs use two connections of the pool.
 */
let ctx: TestContext;
const ids = { a: '', b: '', c: '', superAdmin: '' };
const DAY_MINUTES = 24 * 60;

/** A job as one instance runs it: its own outbox sender, mailing the catcher over SMTP. */
function instance(): { job: AlertJobDeps; queue: MailQueue } {
  const mailer = createMailer({ smtpUrl: ctx.mail.url, from: 'Portal <portal@example.com>', dataDir: '/nonexistent' });
  const queue = new MailQueue(ctx.handle.db, mailer, ctx.app.log);
  return {
    queue,
    job: {
      db: ctx.handle.db,
      mail: queue,
      log: ctx.app.log,
      publicUrl: 'https://portal.example.com',
      defaultWindowDays: 30,
    },
  };
}
let one: ReturnType<typeof instance>;
let two: ReturnType<typeof instance>;

/** Alert mails written to the outbox for an address (sent or not): what the job queued. */
async function queued(email: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await ctx.handle.db.execute(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = ${email} AND subject = 'License alerts'`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Every alert mail the catcher received for an address. */
const received = (email: string) =>
  ctx.mail.messages.filter((m) => m.to.includes(email) && m.subject === 'License alerts');

async function issue(
  customerId: string,
  lot: Omit<LotInput, 'licenseTypeName' | 'usageType' | 'durationType'> & Partial<LotInput>,
) {
  await issueLot(ctx.handle.db, {
    actorId: ids.superAdmin,
    customerId,
    lot: { licenseTypeName: 'Standard', durationType: 'Fixed', usageType: 'NodeLocked', ...lot },
    now: ctx.clock.now(),
  });
}

const daysAgo = (days: number) => new Date(ctx.clock.now().getTime() - days * DAY_MINUTES * 60_000).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  ids.superAdmin = await idOf(db, 'superadmin@example.com');
  // Three organisations. A: a lot expiring in 20 days, and Mailbox Migration under its threshold.
  ids.a = await addAccount(db, { email: 'alert.a@example.com', roles: ['Admin'] });
  await issue(ids.a, { productCode: 'ARC', startDate: daysAgo(10), duration: 30, totalCount: 5 });
  await issue(ids.a, {
    productCode: 'MBX',
    durationType: 'Perpetual',
    usageType: 'NodeLockedForever',
    startDate: daysAgo(1),
    totalCount: 4,
  });
  // B: a lot expiring in 10 days, no threshold.
  ids.b = await addAccount(db, { email: 'alert.b@example.com', roles: ['Admin'] });
  await issue(ids.b, { productCode: 'T2T', startDate: daysAgo(5), duration: 15, totalCount: 7 });
  // C: nothing expiring (a perpetual lot, a lot a year away) and nothing low (8 units, threshold 5).
  ids.c = await addAccount(db, { email: 'alert.c@example.com', roles: ['Admin'] });
  await issue(ids.c, {
    productCode: 'MBX',
    durationType: 'Perpetual',
    usageType: 'NodeLockedForever',
    startDate: daysAgo(1),
    totalCount: 8,
  });
  await issue(ids.c, { productCode: 'PFM', startDate: daysAgo(1), duration: 365, totalCount: 3 });
  await db.execute(sql`INSERT INTO alert_thresholds (account_id, product_code, threshold) VALUES
    (${ids.a}::uuid, 'MBX', 10), (${ids.c}::uuid, 'MBX', 5)`);
  one = instance();
  two = instance();
});
afterAll(async () => {
  await one.queue.stop();
  await two.queue.stop();
  await ctx.close();
});

describe('the daily alert check', () => {
  it('waits for its hour: at 09:00 UTC a scheduler set for 10 does nothing', async () => {
    const scheduler = new AlertScheduler(one.job, ctx.clock, { hourUtc: 10 });
    expect(await scheduler.tick()).toBeUndefined();
    const runs = rowsOf(await ctx.handle.db.execute(sql`SELECT * FROM alert_runs`));
    expect(runs).toHaveLength(0);
  });

  it('mails an Admin its expiring lot and its low product, once, over SMTP, with an audit row', async () => {
    ctx.clock.advanceMinutes(60);
    const scheduler = new AlertScheduler(one.job, ctx.clock, { hourUtc: 10 });
    const outcome = await scheduler.tick();
    expect(outcome).toMatchObject({ status: 'ran' });
    await one.queue.drain();

    const a = await ctx.mail.waitFor('alert.a@example.com', /^License alerts$/);
    expect(a.text).toContain('Licenses expiring within 30 days:');
    expect(a.text).toMatch(/Archive Migration \(Standard\): 5 units available, expires on 11\/12\/2026/);
    expect(a.text).toContain('Products running low:');
    expect(a.text).toContain('Mailbox Migration: 4 units available, under your threshold of 10');
    expect(a.text).toContain('https://portal.example.com/licenses');
    expect(a.html).toContain('Archive Migration');
    // Another organisation's lots are not in it.
    expect(a.text).not.toContain('Tenant-to-Tenant');

    const b = await ctx.mail.waitFor('alert.b@example.com', /^License alerts$/);
    expect(b.text).toMatch(/Tenant-to-Tenant Migration \(Standard\): 7 units available, expires on 01\/12\/2026/);
    expect(b.text).not.toContain('Archive');
    expect(b.text).not.toContain('running low');
    // The demo Admin's seeded expiring lot and thresholds speak too.
    await ctx.mail.waitFor('admin@example.com', /^License alerts$/);

    expect(await queued('alert.a@example.com')).toBe(1);
    expect(await queued('alert.b@example.com')).toBe(1);

    const [row] = rowsOf<{ tenant_id: string; actor_email: string; target_label: string; detail: unknown }>(
      await ctx.handle.db.execute(
        sql`SELECT tenant_id, actor_email, target_label, detail FROM audit_events WHERE action = 'alert.sent' AND target_id = ${ids.a}`,
      ),
    );
    expect(row).toMatchObject({ tenant_id: ids.a, actor_email: 'system', target_label: 'alert.a@example.com' });
    expect(typeof row?.detail === 'string' ? JSON.parse(row.detail) : row?.detail).toMatchObject({
      day: '2026-11-21',
      expiringLots: 1,
      lowProducts: 1,
    });
  });

  it('sends no mail when nothing is expiring or low', async () => {
    expect(await queued('alert.c@example.com')).toBe(0);
    expect(received('alert.c@example.com')).toHaveLength(0);
  });

  it('shows the row in the audit trail of that organisation only', async () => {
    const page = async (email: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Audit?action=alert.sent',
        headers: bearer(await ctx.login(email)),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: AuditEvent[] }>().data;
    };
    const own = await page('alert.a@example.com');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      actorId: null,
      actorEmail: 'system',
      targetId: ids.a,
      ip: 'server',
      outcome: 'success',
    });
    const other = await page('alert.b@example.com');
    expect(other.map((event) => event.targetId)).toEqual([ids.b]);
  });

  it('sends nothing on a second run the same day', async () => {
    ctx.clock.advanceMinutes(5 * 60);
    expect(await runDailyAlerts(one.job, ctx.clock.now())).toEqual({ status: 'done' });
    const scheduler = new AlertScheduler(two.job, ctx.clock, { hourUtc: 10 });
    expect(await scheduler.tick()).toEqual({ status: 'done' });
    // Known done: the next look of the day does not even ask the database.
    expect(await scheduler.tick()).toBeUndefined();
    expect(await queued('alert.a@example.com')).toBe(1);
  });

  it('sends again the next day', async () => {
    ctx.clock.advanceMinutes(DAY_MINUTES);
    expect(await runDailyAlerts(one.job, ctx.clock.now())).toMatchObject({ status: 'ran' });
    expect(await queued('alert.a@example.com')).toBe(2);
    expect(await queued('alert.b@example.com')).toBe(2);
    await one.queue.drain();
    await expect.poll(() => received('alert.a@example.com').length).toBe(2);
  });

  it('mails once when two instances run the same day at the same moment', async () => {
    ctx.clock.advanceMinutes(DAY_MINUTES);
    const now = ctx.clock.now();
    const outcomes = await Promise.all([runDailyAlerts(one.job, now), runDailyAlerts(two.job, now)]);
    expect(outcomes.filter((o) => o.status === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status !== 'ran')).toHaveLength(1);
    expect(await queued('alert.a@example.com')).toBe(3);
    expect(await queued('alert.b@example.com')).toBe(3);
    await Promise.all([one.queue.drain(), two.queue.drain()]);
    await expect.poll(() => received('alert.a@example.com').length).toBe(3);
    const deliveries = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM alert_deliveries WHERE account_id = ${ids.a}::uuid`,
      ),
    );
    expect(Number(deliveries[0]?.n)).toBe(3);
  });

  it('takes over a run an instance left unfinished, without mailing an account twice', async () => {
    ctx.clock.advanceMinutes(DAY_MINUTES);
    const now = ctx.clock.now();
    const day = now.toISOString().slice(0, 10);
    // An instance claimed the day an hour ago, mailed A, and died.
    await ctx.handle.db.execute(sql`INSERT INTO alert_runs (day, started_at, claimed_until)
      VALUES (${day}::date, ${now.toISOString()}::timestamptz - interval '1 hour', ${now.toISOString()}::timestamptz - interval '30 minutes')`);
    await ctx.handle.db.execute(sql`INSERT INTO alert_deliveries (account_id, day, sent_at, expiring_lots, low_products)
      VALUES (${ids.a}::uuid, ${day}::date, ${now.toISOString()}::timestamptz, 1, 1)`);
    expect(await runDailyAlerts(one.job, now)).toMatchObject({ status: 'ran' });
    expect(await queued('alert.a@example.com')).toBe(3);
    expect(await queued('alert.b@example.com')).toBe(4);
  });

  it('leaves a run alone while its lease lasts', async () => {
    ctx.clock.advanceMinutes(DAY_MINUTES);
    const now = ctx.clock.now();
    const day = now.toISOString().slice(0, 10);
    await ctx.handle.db.execute(sql`INSERT INTO alert_runs (day, started_at, claimed_until)
      VALUES (${day}::date, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz + interval '30 minutes')`);
    expect(await runDailyAlerts(one.job, now)).toEqual({ status: 'busy' });
    expect(await queued('alert.b@example.com')).toBe(4);
  });

  it("follows the Admin's own expiry window", async () => {
    ctx.clock.advanceMinutes(DAY_MINUTES);
    // A's lot now expires in 15 days: out of a 10-day window, so only the low product is left.
    await ctx.handle.db.execute(
      sql`INSERT INTO alert_settings (account_id, expiry_window_days) VALUES (${ids.a}::uuid, 10)`,
    );
    expect(await runDailyAlerts(one.job, ctx.clock.now())).toMatchObject({ status: 'ran' });
    await one.queue.drain();
    await expect.poll(() => received('alert.a@example.com').length).toBe(4);
    const latest = received('alert.a@example.com').at(-1);
    expect(latest?.text).not.toContain('Archive Migration');
    expect(latest?.text).toContain('Mailbox Migration: 4 units available');
  });
});
