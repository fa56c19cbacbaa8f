import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationHierarchy } from '@portal/contracts/licenses';
import { acceptsGzip } from '../../core/read-cache';
import { accounts, pools } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { DAY, issue, item, lot, MBX30, type StockOrg, stockOrg } from '../../../test/stock-fixtures';

let ctx: TestContext;
let org: StockOrg;
let other: StockOrg;
const token = {} as Record<'a' | 'otherA', string>;

const emailOf = async (id: string) =>
  (await ctx.handle.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id)))[0]!.email;

async function dashboard(who: keyof typeof token): Promise<AllocationHierarchy> {
  const res = await ctx.app.inject({ url: '/api/LicensePool/user-allocation-hierarchy', headers: bearer(token[who]) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<{ data: AllocationHierarchy }>().data;
}

/** `units` of MBX30 from `who`'s Default pool to the child user `targetId`, through the API. */
async function allocate(who: keyof typeof token, targetId: string, units: number): Promise<void> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/LicenseAllocation/allocate',
    headers: bearer(token[who]),
    payload: { targetId, isUser: true, productAllocations: [item(units, MBX30)] },
  });
  expect(res.statusCode).toBe(200);
}

const available = (hierarchy: AllocationHierarchy) =>
  hierarchy.defaultPool.productAllocations.reduce((sum, row) => sum + row.availableQuantity, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  org = await stockOrg(ctx.handle.db);
  other = await stockOrg(ctx.handle.db);
  const now = ctx.clock.now();
  // 10 units that expire in 30 seconds, 5 in 30 days.
  await issue(ctx.handle.db, org, org.a, lot(new Date(now.getTime() - 30 * DAY + 30_000), 10), now);
  await issue(ctx.handle.db, org, org.a, lot(now, 5), now);
  await issue(ctx.handle.db, other, other.a, lot(now, 7), now);
  token.a = await ctx.login(await emailOf(org.a));
  token.otherA = await ctx.login(await emailOf(other.a));
});
afterAll(() => ctx.close());

describe('the dashboard kept in memory', () => {
  it('is answered from memory until its organisation changes, not when another one does', async () => {
    const cache = ctx.app.readCache!;
    expect(available(await dashboard('a'))).toBe(15);
    const hits = cache.hits;
    expect(available(await dashboard('a'))).toBe(15);
    expect(cache.hits).toBe(hits + 1);
    // Another organisation's allocation leaves A's answer in memory.
    await allocate('otherA', other.u2, 2);
    await dashboard('a');
    expect(cache.hits).toBe(hits + 2);
  });

  it('shows the organisation’s own allocation on the very next request', async () => {
    const before = await dashboard('a');
    await allocate('a', org.u2, 3);
    const after = await dashboard('a');
    expect(available(after)).toBe(available(before) - 3);
    const child = after.childUsers.find((user) => user.userId === org.u2)!;
    expect(child.defaultPool.productAllocations.reduce((sum, row) => sum + row.totalQuantity, 0)).toBe(3);
  });

  it('hears a change written outside the portal (a renamed pool, a renamed child)', async () => {
    await dashboard('a');
    await ctx.handle.db.update(pools).set({ name: 'Renamed at psql' }).where(eq(pools.id, org.p1));
    await ctx.handle.db.update(accounts).set({ name: 'Renamed Child' }).where(eq(accounts.id, org.u1));
    await ctx.heard();
    const after = await dashboard('a');
    expect(after.customPools.map((pool) => pool.poolName)).toContain('Renamed at psql');
    expect(after.childUsers.map((user) => user.userName)).toContain('Renamed Child');
  });

  it('forgets everything when lots change, and counts a lot as expired the moment it expires', async () => {
    const cache = ctx.app.readCache!;
    const before = available(await dashboard('a'));
    await ctx.handle.db.execute(sql`UPDATE licenses SET created_at = created_at WHERE false`);
    await ctx.heard();
    expect(cache.size).toBe(0);
    expect(available(await dashboard('a'))).toBe(before);
    // 45 seconds on (within the minute an answer is kept at most), the first lot has expired: the
    // kept answer ended with it. Allocations drew on the lot that expires first, so the later 5 are left.
    expect(cache.size).toBe(1);
    expect(before).toBeGreaterThan(5);
    ctx.clock.advanceMinutes(0.75);
    expect(available(await dashboard('a'))).toBe(5);
  });
});

describe('the dashboard compressed', () => {
  it('is sent gzipped, once compressed, to a client that accepts it, and as it is to one that does not', async () => {
    const admin = await ctx.login('admin@example.com');
    await ctx.app.inject({ method: 'POST', url: '/api/User/accept-eula', headers: bearer(admin) });
    const ask = (encoding?: string) =>
      ctx.app.inject({
        url: '/api/LicensePool/user-allocation-hierarchy',
        headers: { ...bearer(admin), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const zipped = await ask(encoding);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 3);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    expect((await ask('gzip;q=0, br')).headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as RFC 9110 says', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
