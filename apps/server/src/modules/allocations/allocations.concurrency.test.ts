import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupKeyOf } from '@portal/contracts/licenses';
import { accounts } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { issue, item, lot, MBX30, rowOf, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';

/** Real concurrency needs real PostgreSQL: PGlite runs one query at a time. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const MBX_ENT = groupKeyOf({
  productCode: 'MBX',
  edition: 'Enterprise',
  durationType: 'Fixed',
  durationDays: 30,
  usageType: 'NodeLocked',
});

describe.runIf(onPostgres)('allocate and revoke through HTTP under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Room for 25 transactions at once, so that the requests really compete for the rows.
    ctx = await createTestContext({}, { poolSize: 25 });
  });
  afterAll(() => ctx?.close());

  async function tokenOf(id: string): Promise<string> {
    const [row] = await ctx.handle.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id));
    return ctx.login(row?.email ?? '');
  }

  const call = (token: string, path: 'allocate' | 'revoke', body: object, partial = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/LicenseAllocation/${path}?allowPartialRevocation=${partial}`,
      headers: bearer(token),
      payload: body,
    });

  it('lets exactly 10 of 50 parallel allocations take the last 10 units; the others are 409s', async () => {
    const org: StockOrg = await stockOrg(ctx.handle.db);
    const now = ctx.clock.now();
    const { licenseId } = await issue(ctx.handle.db, org, org.a, lot(now, 10), now);
    const a = await tokenOf(org.a);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(a, 'allocate', {
          // Half to a child, half to a shared pool: two target pools competing for one source.
          targetId: i % 2 === 0 ? org.u2 : org.p1,
          isUser: i % 2 === 0,
          productAllocations: [item(1)],
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json().message).toBe('Only 0 Mailbox Migration licenses are available (1 requested).');
    expect((await rowOf(ctx.handle.db, org.pool.a, licenseId))?.available).toBe(0);
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });

  it('never deadlocks when two admins allocate and revoke crosswise over overlapping pools', async () => {
    const org: StockOrg = await stockOrg(ctx.handle.db);
    const now = ctx.clock.now();
    await issue(ctx.handle.db, org, org.a, lot(now, 200), now);
    await issue(ctx.handle.db, org, org.a, lot(now, 200, { licenseTypeName: 'Enterprise' }), now);
    const a = await tokenOf(org.a);
    const b = await tokenOf(org.b);
    const both = (n: number, first: string, second: string) => [item(n, first), item(n, second)];
    // B holds some of both groups to allocate to its child D.
    const seed = await call(a, 'allocate', {
      targetId: org.b,
      isUser: true,
      productAllocations: both(20, MBX30, MBX_ENT),
    });
    expect(seed.statusCode).toBe(200);
    const failures: string[] = [];
    for (let round = 0; round < 15; round += 1) {
      const answers = await Promise.all([
        // A -> B and B -> A (revoke) lock A's and B's rows; B -> D and D -> B lock B's and D's rows;
        // the groups come in opposite orders.
        call(a, 'allocate', { targetId: org.b, isUser: true, productAllocations: both(2, MBX30, MBX_ENT) }),
        call(a, 'revoke', { targetId: org.b, isUser: true, productAllocations: both(2, MBX_ENT, MBX30) }, true),
        call(b, 'allocate', { targetId: org.d, isUser: true, productAllocations: both(1, MBX_ENT, MBX30) }),
        call(b, 'revoke', { targetId: org.d, isUser: true, productAllocations: both(1, MBX30, MBX_ENT) }, true),
        call(b, 'allocate', { targetId: org.p2, isUser: false, productAllocations: both(1, MBX30, MBX_ENT) }),
        call(a, 'allocate', { targetId: org.p1, isUser: false, productAllocations: both(1, MBX_ENT, MBX30) }),
      ]);
      for (const res of answers) {
        if (res.statusCode !== 200 && res.statusCode !== 409) failures.push(`${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });
});
