import { eq, sql } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MSG } from '@portal/contracts/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { apiCall, type ApiAnswer, bearer, createTestContext, type TestContext } from '../../../test/helper';
import { emailOf, signIn } from '../../../test/fixtures';
import { issue, item, lot, MBX30, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { type Received, startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { findLedgerViolations } from '../stock';

let ctx: TestContext;
let org: StockOrg;
let tokens: Record<'a' | 'b' | 'u1', string>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SECONDS: '1,1,1' });
  org = await stockOrg(ctx.handle.db);
  await issue(ctx.handle.db, org, org.a, lot(ctx.clock.now(), 500), ctx.clock.now());
  tokens = await signIn(ctx, { a: org.a, b: org.b, u1: org.u1 });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  await receiver.close();
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  apiCall(ctx, method, url, token, payload);

async function register(events: string[], url = receiver.url, token = tokens.a) {
  const res = await call('POST', '/Webhook', token, { url, events, description: 'Test receiver' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; secret: string };
}

const allocateOne = (target = org.u1) =>
  call('POST', '/LicenseAllocation/allocate', tokens.a, {
    targetId: target,
    isUser: true,
    productAllocations: [item(1)],
  });

describe('webhooks', () => {
  it('signs each event per Standard Webhooks: a receiver verifies it with the standardwebhooks library', async () => {
    const { id, secret } = await register(['license.allocated']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = rowsOf<{ t: string }>(
      await ctx.handle.db.execute(sql`SELECT row_to_json(e)::text AS t FROM webhook_endpoints e`),
    );
    expect(stored.map((r) => r.t).join()).not.toContain(secret.slice(6));
    expect((await allocateOne()).status).toBe(200);
    const [event] = await receiver.waitFor(1, 'license.allocated');
    const verified = new StandardWebhook(secret).verify(event!.body, event!.headers) as Received['json'];
    expect(verified.type).toBe('license.allocated');
    expect(verified.data).toMatchObject({
      action: 'Allocate',
      productCode: 'MBX',
      groupKey: MBX30,
      quantity: 1,
      actorId: org.a,
    });
    expect(event!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(event!.body, event!.headers),
    ).toThrow();
    // The receiver has answered; the dispatcher records that answer a moment later.
    await vi.waitFor(
      async () => {
        const listed = await call('GET', `/Webhook/${id}/deliveries`, tokens.a);
        expect(listed.body.data).toEqual([
          expect.objectContaining({ status: 'Succeeded', attempts: 1, lastStatusCode: 200 }),
        ]);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(JSON.stringify(await call('GET', '/Webhook', tokens.a))).not.toContain(secret.slice(6));
    expect(ctx.logs.join('\n')).not.toContain(secret.slice(6));
    await call('DELETE', `/Webhook/${id}`, tokens.a);
  });

  it('retries a receiver that fails twice, then succeeds, under one webhook-id', async () => {
    // A receiver of its own: the answers it is told to give are for this endpoint only.
    const flaky = await startWebhookReceiver();
    try {
      const { id } = await register(['license.revoked'], flaky.url);
      flaky.answers.push(500, 503);
      expect((await call('POST', `/Webhook/${id}/test`, tokens.a)).status).toBe(200);
      const [event] = await flaky.waitFor(1, 'webhook.test', 15_000);
      expect(flaky.answers).toEqual([]);
      expect(flaky.received).toHaveLength(1);
      await vi.waitFor(
        async () => {
          const [row] = await ctx.handle.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, id));
          expect(row).toMatchObject({ status: 'Succeeded', attempts: 3, messageId: event!.headers['webhook-id'] });
        },
        { timeout: 5_000, interval: 50 },
      );
      await call('DELETE', `/Webhook/${id}`, tokens.a);
    } finally {
      await flaky.close();
    }
  });

  it('delivers every one of 100 concurrent allocations, once each', async () => {
    const { id } = await register(['license.allocated']);
    const before = (await receiver.waitFor(0, 'license.allocated')).length;
    const answers = await Promise.all(Array.from({ length: 100 }, () => allocateOne()));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const events = (await receiver.waitFor(before + 100, 'license.allocated', 30_000)).slice(before);
    expect(new Set(events.map((e) => e.headers['webhook-id'])).size).toBe(100);
    expect(new Set(events.map((e) => e.json.data.movementId)).size).toBe(100);
    await call('DELETE', `/Webhook/${id}`, tokens.a);
  }, 60_000);

  it('tells an endpoint only of its own subtree, and only the events it chose', async () => {
    // A receiver of its own: what reaches it is what Blair's endpoint was sent, and nothing an
    // earlier endpoint's repeated delivery (at least once, by design) may bring to the shared one.
    const own = await startWebhookReceiver();
    try {
      const blair = await register(['license.allocated', 'apikey.created'], own.url, tokens.b);
      expect((await allocateOne()).status).toBe(200); // A's allocation to U1: not in Blair's subtree.
      const key = await call('POST', '/ApiKey', tokens.b, { name: 'Blair key', scopes: ['read'] });
      expect(key.status).toBe(200);
      const [created] = (await own.waitFor(1, 'apikey.created')).slice(-1);
      expect(created!.json.data).toMatchObject({ name: 'Blair key', ownerId: org.b });
      expect(JSON.stringify(created!.json)).not.toContain((key.body.data as { key: string }).key.slice(12));
      await ctx.app.webhooks.deliverDue();
      expect(own.received.map((r) => r.json.type)).toEqual(['apikey.created']);
      const [queued] = rowsOf<{ n: number }>(
        await ctx.handle.db.execute(
          sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${blair.id}`,
        ),
      );
      expect(queued!.n).toBe(1);
      await call('DELETE', `/Webhook/${blair.id}`, tokens.b);
    } finally {
      await own.close();
    }
  });

  it('rotates the secret: for a day both the old and the new one verify', async () => {
    const { id, secret } = await register(['license.allocated']);
    const rotated = await call('POST', `/Webhook/${id}/rotate-secret`, tokens.a);
    expect(rotated.body.message).toBe(WEBHOOK_MSG.rotated);
    const fresh = (rotated.body.data as { secret: string }).secret;
    expect(fresh).not.toBe(secret);
    const before = (await receiver.waitFor(0, 'webhook.test')).length;
    await call('POST', `/Webhook/${id}/test`, tokens.a);
    const [event] = (await receiver.waitFor(before + 1, 'webhook.test')).slice(-1);
    expect(event!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const each of [secret, fresh])
      expect(() => new StandardWebhook(each).verify(event!.body, event!.headers)).not.toThrow();
    await call('DELETE', `/Webhook/${id}`, tokens.a);
  });

  it('disables an endpoint failing for days, mails its Admin, and resends a failed delivery once enabled', async () => {
    const { id } = await register(['license.allocated']);
    await ctx.handle.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(webhookEndpoints.id, id));
    receiver.answers.push(500, 500, 500, 500);
    await call('POST', `/Webhook/${id}/test`, tokens.a);
    const mail = await ctx.mail.waitFor(await emailOf(ctx.handle.db, org.a), /A webhook was disabled/, 15_000);
    expect(mail.text).toContain(receiver.url);
    const [endpoint] = await ctx.handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint).toMatchObject({ enabled: false });
    expect((await call('POST', `/Webhook/${id}/test`, tokens.a)).status).toBe(409);
    expect((await call('POST', `/Webhook/${id}/enable`, tokens.a)).status).toBe(200);
    receiver.answers.length = 0;
    const [delivery] = (await call('GET', `/Webhook/${id}/deliveries`, tokens.a)).body.data as { id: string }[];
    const again = await call('POST', `/Webhook/${id}/deliveries/${delivery!.id}/resend`, tokens.a);
    expect(again.status).toBe(200);
    await expect
      .poll(
        async () => {
          const [row] = await ctx.handle.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.id, delivery!.id));
          return row?.status;
        },
        { timeout: 10_000 },
      )
      .toBe('Succeeded');
    await call('DELETE', `/Webhook/${id}`, tokens.a);
  }, 30_000);

  it('manages only its own organisation’s webhooks, and a User none', async () => {
    const { id } = await register(['license.allocated']);
    expect((await call('DELETE', `/Webhook/${id}`, tokens.b)).status).toBe(404);
    expect((await call('GET', `/Webhook/${id}/deliveries`, tokens.b)).status).toBe(404);
    expect((await call('GET', '/Webhook', tokens.u1)).status).toBe(403);
    expect((await call('DELETE', `/Webhook/${id}`, tokens.a)).status).toBe(200);
    expect((await call('DELETE', `/Webhook/${id}`, tokens.a)).status).toBe(404);
  });
});

describe('the addresses a webhook may target', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext();
  });
  afterAll(() => strict.close());

  const post = async (token: string, url: string) => {
    const res = await strict.app.inject({
      method: 'POST',
      url: '/api/Webhook',
      headers: bearer(token),
      payload: { url, events: ['license.issued'] },
    });
    return { status: res.statusCode, body: res.json<ApiAnswer>() };
  };

  it('refuses loopback, private, link-local and metadata addresses, and a name resolving to them', async () => {
    const admin = await strict.login('admin@example.com');
    await strict.app.inject({ method: 'POST', url: '/api/User/accept-eula', headers: bearer(admin) });
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost:8443/hook',
      'https://100.100.100.200/hook',
    ]) {
      const res = await post(admin, url);
      expect(res.status, url).toBe(400);
      expect(res.body.errors, url).toEqual([{ field: 'url', message: WEBHOOK_MSG.urlRefused }]);
    }
    expect((await post(admin, 'http://93.184.215.14/hook')).body.errors).toEqual([
      { field: 'url', message: WEBHOOK_MSG.urlScheme },
    ]);
    expect((await post(admin, 'https://user:pw@93.184.215.14/hook')).body.errors?.[0]?.field).toBe('url');
    expect((await post(admin, 'ftp://93.184.215.14/hook')).status).toBe(400);
    expect((await post(admin, 'https://no-such-host.invalid/hook')).body.errors).toEqual([
      { field: 'url', message: WEBHOOK_MSG.urlUnresolved },
    ]);
    const [counted] = rowsOf<{ n: number }>(
      await strict.handle.db.execute(sql`SELECT count(*)::int AS n FROM webhook_endpoints`),
    );
    expect(counted?.n).toBe(0);
  });

  it('keeps metadata addresses refused even where the operator allows private networks', async () => {
    const res = await call('POST', '/Webhook', tokens.a, {
      url: 'http://169.254.169.254/latest',
      events: ['license.issued'],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'url', message: WEBHOOK_MSG.urlRefused }]);
  });
});
