import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MSG } from '@portal/contracts/api-keys';
import { apiKeys, auditEvents, movements } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { apiCall, bearer, createTestContext, refusal, type TestContext } from '../../../test/helper';
import { signIn } from '../../../test/fixtures';
import { issue, ppuLot, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';

let ctx: TestContext;
let org: StockOrg;
let tokens: Record<'a' | 'b' | 'u1' | 'd', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await stockOrg(ctx.handle.db);
  await issue(ctx.handle.db, org, org.a, ppuLot(ctx.clock.now(), 10), ctx.clock.now());
  tokens = await signIn(ctx, { a: org.a, b: org.b, u1: org.u1, d: org.d });
});
afterAll(async () => {
  expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  apiCall(ctx, method, url, token, payload);

interface Created {
  id: string;
  key: string;
  prefix: string;
}
async function createKey(token: string, name: string, scopes: string[], expiresInDays?: number): Promise<Created> {
  const res = await call('POST', '/ApiKey', token, { name, scopes, ...(expiresInDays ? { expiresInDays } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const mailbox = (source: string) => ({
  sourceMailbox: source,
  sourceType: 'Exchange',
  targetMailbox: source.replace('source', 'target'),
  destinationType: 'Microsoft 365',
});

describe('API keys', () => {
  it('shows the whole key once, stores only its keyed hash, and never logs or lists it', async () => {
    const res = await call('POST', '/ApiKey', tokens.a, { name: 'MIG-SERVER-01', scopes: ['agent'] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API_KEY_MSG.created);
    const created = res.body.data as Created & { expiresAt: string; scopes: string[] };
    expect(created.key).toMatch(/^mhk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.scopes).toEqual(['agent']);
    // The default expiry: a year.
    expect(Date.parse(created.expiresAt) - ctx.clock.now().getTime()).toBe(365 * 86_400_000);
    const secret = created.key.slice(4);
    const dump = rowsOf<{ t: string }>(
      await ctx.handle.db.execute(
        sql`SELECT (SELECT json_agg(k)::text FROM api_keys k) || (SELECT json_agg(e)::text FROM audit_events e) AS t`,
      ),
    )[0]!.t;
    expect(dump).toContain(created.prefix);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(secret.slice(8));
    const listed = await call('GET', '/ApiKey', tokens.a);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(8));
    await call('GET', '/LicenseMovement', created.key);
    expect(ctx.logs.join('\n')).not.toContain(secret.slice(8));
  });

  it('refuses bad input with the field named and makes nothing', async () => {
    const before = await ctx.handle.db.select({ n: count() }).from(apiKeys);
    const cases: [object, string, string][] = [
      [{ name: 'x', scopes: [] }, 'scopes', API_KEY_MSG.scopesRequired],
      [{ name: 'x', scopes: ['agent', 'agent'] }, 'scopes', API_KEY_MSG.scopeRepeated],
      [{ name: 'x', scopes: ['admin'] }, 'scopes.0', ''],
      [{ name: '  ', scopes: ['read'] }, 'name', API_KEY_MSG.nameRequired],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, 'name', API_KEY_MSG.nameTooLong],
      [{ name: 'x', scopes: ['read'], expiresInDays: 731 }, 'expiresInDays', API_KEY_MSG.expiryRange],
      [{ name: 'x', scopes: ['read'], expiresInDays: 1.5 }, 'expiresInDays', API_KEY_MSG.expiryWhole],
      [{ name: 'x', scopes: ['read'], accountId: org.d }, '', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/ApiKey', tokens.a, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      if (field) expect(res.body.errors?.map((e) => e.field)).toContain(field);
      if (message) expect(res.body.errors?.map((e) => e.message)).toContain(message);
    }
    expect(await ctx.handle.db.select({ n: count() }).from(apiKeys)).toEqual(before);
  });

  it('drives a whole migration with an agent key: the units are consumed, and the ledger and trail name the key', async () => {
    const { id, key } = await createKey(tokens.a, 'Migration server', ['agent']);
    const machine = await call('POST', '/Agent/machines', key, { name: 'KEY-MACHINE' });
    expect(machine.status).toBe(200);
    const job = await call('POST', '/Agent/jobs', key, {
      machineName: 'KEY-MACHINE',
      clientKey: 'key-job',
      name: 'Keyed wave',
      productCode: 'MBX',
    });
    expect(job.status, JSON.stringify(job.body)).toBe(200);
    const { jobId, licensing } = job.body.data as { jobId: string; licensing: string };
    expect(licensing).toBe('PerMailbox');
    const started = await call('POST', `/Agent/jobs/${jobId}/mailboxes`, key, mailbox('one@source.example'));
    expect(started.status).toBe(200);
    const { mailboxId } = started.body.data as { mailboxId: string };
    const progress = await call('POST', `/Agent/mailboxes/${mailboxId}/progress`, key, {
      folders: [{ folderPath: 'Inbox', totalItems: 3, migratedItems: 3, failedItems: 0, filteredItems: 0 }],
    });
    expect(progress.status).toBe(200);
    const done = await call('POST', `/Agent/mailboxes/${mailboxId}/complete`, key, { status: 'Completed' });
    expect(done.status).toBe(200);
    expect((done.body.data as { licenseState: string }).licenseState).toBe('Consumed');
    expect((await call('POST', `/Agent/jobs/${jobId}/complete`, key, {})).status).toBe(200);

    const moved = await ctx.handle.db
      .select({ action: movements.action, apiKeyId: movements.apiKeyId, actorId: movements.actorId })
      .from(movements)
      .where(eq(movements.targetId, mailboxId));
    expect(moved.map((m) => m.action).sort()).toEqual(['Consume', 'Reserve']);
    expect(moved.every((m) => m.apiKeyId === id && m.actorId === org.a)).toBe(true);
    const listed = await call('GET', '/LicenseMovement?search=one%40source', tokens.a);
    const names = (listed.body.data as { apiKeyName: string | null; actorName: string }[]).map((m) => m.apiKeyName);
    expect(names).toEqual(['Migration server', 'Migration server']);
    const trail = await ctx.handle.db
      .select({ action: auditEvents.action, key: auditEvents.apiKeyName })
      .from(auditEvents)
      .where(eq(auditEvents.apiKeyId, id));
    expect(trail.map((t) => t.action).sort()).toEqual(['agent.job.end', 'agent.job.start', 'agent.machine']);
    expect(trail.every((t) => t.key === 'Migration server')).toBe(true);
    // The migration reports name it too: the Job view, its job summary and its CSV.
    const report = await call('POST', '/Report', tokens.a, { viewType: 'Job' });
    const row = (
      report.body.data as { items: { id: string; userName: string; apiKeyName: string | null }[] }
    ).items.find((item) => item.id === jobId);
    expect(row).toMatchObject({ userName: 'Alex Admin', apiKeyName: 'Migration server' });
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/Report/job/export', headers: bearer(tokens.a) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Alex Admin via key 'Migration server'");
  });

  it('opens only the routes of its scopes, never account, key or own-profile calls', async () => {
    const agent = await createKey(tokens.a, 'Agent only', ['agent']);
    const read = await createKey(tokens.a, 'Reporting', ['read']);
    const refused = API_KEY_MSG.scopeRefused;
    for (const [method, url, payload] of [
      ['GET', '/LicenseMovement', undefined],
      ['POST', '/Report', { viewType: 'Job' }],
      ['GET', '/LicenseMovement/export', undefined],
    ] as const) {
      expect((await call(method, url, agent.key, payload)).body.message, url).toBe(refused);
      expect((await call(method, url, read.key, payload)).status, url).toBe(200);
    }
    expect((await call('POST', '/Agent/machines', read.key, { name: 'READ-MACHINE' })).status).toBe(403);
    for (const key of [agent.key, read.key]) {
      for (const [method, url, payload] of [
        ['GET', '/User/me', undefined],
        ['GET', '/ApiKey', undefined],
        ['POST', '/ApiKey', { name: 'Child of a key', scopes: ['read'] }],
        ['POST', '/User/create-child-account', { name: 'By key', email: 'by-key@example.com' }],
        ['POST', '/User/change-password', { oldPassword: 'x', newPassword: 'y', confirmPassword: 'y' }],
        ['POST', '/User/logout', undefined],
        ['POST', '/LicenseAllocation/allocate', { targetId: org.u1, isUser: true, productAllocations: [] }],
      ] as const) {
        const res = await call(method, url, key, payload);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.message).toBe(refused);
      }
    }
  });

  it('lists an Admin the keys of its organisation and a User only its own, with when and where last used', async () => {
    const userKey = await createKey(tokens.u1, 'Uma laptop', ['agent']);
    const childKey = await createKey(tokens.d, 'Dana laptop', ['read']);
    await call('POST', '/Agent/machines', userKey.key, { name: 'UMA-LAPTOP' });
    const admin = (await call('GET', '/ApiKey?pageSize=200', tokens.a)).body.data as {
      id: string;
      ownerEmail: string;
      lastUsedAt: string | null;
      lastUsedIp: string | null;
    }[];
    expect(admin.map((k) => k.id)).toEqual(expect.arrayContaining([userKey.id, childKey.id]));
    const used = admin.find((k) => k.id === userKey.id);
    expect(used?.lastUsedAt).toBe(ctx.clock.now().toISOString());
    expect(used?.lastUsedIp).toBe('127.0.0.1');
    const mine = (await call('GET', '/ApiKey?mine=true', tokens.a)).body.data as { ownerId: string }[];
    expect(mine.every((k) => k.ownerId === org.a)).toBe(true);
    const user = (await call('GET', '/ApiKey', tokens.u1)).body.data as { id: string }[];
    expect(user.map((k) => k.id)).toEqual([userKey.id]);
    // Blair Admin sees its child's key, not its parent's organisation's.
    const blair = (await call('GET', '/ApiKey', tokens.b)).body.data as { id: string }[];
    expect(blair.map((k) => k.id)).toEqual([childKey.id]);
  });

  it('stops a key at once when revoked, by its owner or an Admin above it; no one else sees it', async () => {
    const key = await createKey(tokens.d, 'Revoke me', ['read']);
    expect((await call('GET', '/LicenseMovement', key.key)).status).toBe(200);
    expect((await call('DELETE', `/ApiKey/${key.id}`, tokens.u1)).status).toBe(404);
    const revoked = await call('DELETE', `/ApiKey/${key.id}`, tokens.a);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(API_KEY_MSG.revoked);
    expect((revoked.body.data as { status: string }).status).toBe('Revoked');
    expect((await call('GET', '/LicenseMovement', key.key)).status).toBe(401);
    const again = await call('DELETE', `/ApiKey/${key.id}`, tokens.d);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(API_KEY_MSG.alreadyRevoked);
    const own = await createKey(tokens.d, 'Own revoke', ['read']);
    expect((await call('DELETE', `/ApiKey/${own.id}`, tokens.d)).status).toBe(200);
    expect((await call('GET', '/LicenseMovement', own.key)).status).toBe(401);
  });

  it('refuses an expired key', async () => {
    const key = await createKey(tokens.u1, 'Short', ['read'], 1);
    expect((await call('GET', '/LicenseMovement', key.key)).status).toBe(200);
    ctx.clock.advanceMinutes(24 * 60 + 1);
    expect((await call('GET', '/LicenseMovement', key.key)).status).toBe(401);
    // The sessions ended too (12 hours at most): sign in again for the tests after this one.
    tokens = await signIn(ctx, { a: org.a, b: org.b, u1: org.u1, d: org.d });
    const listed = (await call('GET', '/ApiKey', tokens.u1)).body.data as { id: string; status: string }[];
    expect(listed.find((k) => k.id === key.id)?.status).toBe('Expired');
  });

  it('outlives its owner’s password change, but not a deactivation', async () => {
    const key = await createKey(tokens.d, 'Survivor', ['read']);
    await ctx.handle.db.execute(sql`UPDATE accounts SET password_hash = 'changed' WHERE id = ${org.d}::uuid`);
    await ctx.heard();
    expect((await call('GET', '/LicenseMovement', key.key)).status).toBe(200);
    const off = await call('POST', '/User/toggle-child-status', tokens.b, { childId: org.d, active: false });
    expect(off.status).toBe(200);
    expect((await call('GET', '/LicenseMovement', key.key)).status).toBe(401);
    await call('POST', '/User/toggle-child-status', tokens.b, { childId: org.d, active: true });
    expect((await call('GET', '/LicenseMovement', key.key)).status).toBe(401);
  });

  it('a key of another account can never be written into the ledger (the database refuses it)', async () => {
    const other = await createKey(tokens.u1, 'Not yours', ['agent']);
    const refused = await refusal(
      ctx.handle.db.execute(sql`INSERT INTO movements (action, product_code, group_key, quantity, target_name,
        target_type, actor_id, api_key_id) VALUES ('Issue', 'MBX', 'g', 1, 't', 'User', ${org.a}::uuid, ${other.id}::uuid)`),
    );
    expect(refused.message).toMatch(/another account/);
    const job = await ctx.handle.db.execute(
      sql`SELECT tenant_id, id FROM jobs WHERE account_id = ${org.a}::uuid LIMIT 1`,
    );
    const [first] = rowsOf<{ tenant_id: string; id: string }>(job);
    const keyed = await refusal(
      ctx.handle.db.execute(
        sql`UPDATE jobs SET api_key_id = ${other.id}::uuid WHERE tenant_id = ${first!.tenant_id}::uuid AND id = ${first!.id}::uuid`,
      ),
    );
    expect(keyed.message).toMatch(/another account/);
  });
});

describe('the rate limit of a key', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past its requests a minute, and counts each key apart', async () => {
    const admin = await limited.login('admin@example.com');
    await limited.app.inject({ method: 'POST', url: '/api/User/accept-eula', headers: bearer(admin) });
    const make = async (name: string) => {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/ApiKey',
        headers: bearer(admin),
        payload: { name, scopes: ['read'] },
      });
      return res.json<{ data: { key: string } }>().data.key;
    };
    const [first, second] = [await make('First'), await make('Second')];
    const get = (key: string) =>
      limited.app.inject({ method: 'GET', url: '/api/License/products', headers: bearer(key) });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await get(first)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get(first);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(second)).statusCode).toBe(200);
    limited.clock.advanceMinutes(1);
    expect((await get(first)).statusCode).toBe(200);
  });
});
