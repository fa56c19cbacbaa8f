import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { groupKeyOf } from '@portal/contracts/licenses';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { stock } from '../../db/schema';
import { openTestDatabase } from '../../../test/helper';
import { issue, lot, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { allocate, revoke } from './stock.allocate';
import { release, reserve } from './stock.agent';
import { findLedgerViolations } from './stock.reconcile';
import { issueChildLot } from './stock.child-lot';
import { InsufficientStockError } from './stock.errors';

/** The SQLSTATE and message under a wrapped database error (40P01 is a deadlock). */
function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code} ${cause.message ?? ''}` : String(error);
}

/** Real concurrency needs real PostgreSQL: PGlite runs one query at a time. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('stock under concurrency (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  /** A second pool on the same database with room for many transactions at once. */
  let wide: DatabaseHandle;
  const now = new Date('2026-11-21T09:00:00.000Z');
  const G1 = groupKeyOf({
    productCode: 'MBX',
    edition: 'Standard',
    durationType: 'Fixed',
    durationDays: 30,
    usageType: 'NodeLocked',
  });
  const G2 = groupKeyOf({
    productCode: 'MBX',
    edition: 'Enterprise',
    durationType: 'Fixed',
    durationDays: 30,
    usageType: 'NodeLocked',
  });

  beforeAll(async () => {
    handle = await openTestDatabase();
    const template = inject('dbTemplate');
    if (template.kind !== 'postgres') throw new Error('expected a PostgreSQL template');
    const answer: unknown = await handle.db.execute(sql`select current_database() as name`);
    const { rows } = answer as {
      rows: { name: string }[];
    };
    const url = new URL(template.url);
    url.pathname = `/${rows[0]?.name ?? ''}`;
    wide = openPostgres(url.toString(), 25);
  });
  afterAll(async () => {
    await wide?.close();
    await handle?.close();
  });

  it('lets exactly 10 of 50 parallel allocations take the last 10 units; the others get the domain error', async () => {
    const org = await stockOrg(handle.db);
    // Two lots, so that allocations also race across lot boundaries.
    await issue(handle.db, org, org.a, lot(now, 6), now);
    await issue(handle.db, org, org.a, lot(new Date(now.getTime() + 86_400_000), 4), now);
    const targets = [
      { targetId: org.b, isUser: true },
      { targetId: org.u2, isUser: true },
      { targetId: org.p1, isUser: false },
    ];
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        allocate(wide.db, {
          actorId: org.a,
          ...(targets[i % 3] ?? { targetId: org.b, isUser: true }),
          items: [{ groupKey: G1, productCode: 'MBX', quantity: 1 }],
          now,
        }),
      ),
    );
    const elapsed = Math.round(performance.now() - started);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason as unknown);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.filter((reason) => !(reason instanceof InsufficientStockError)).map(describeError)).toEqual([]);
    const [left] = await handle.db
      .select({ available: sql<number>`sum(${stock.available})`.mapWith(Number) })
      .from(stock)
      .where(and(eq(stock.poolId, org.pool.a)));
    expect(left?.available).toBe(0);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
    // eslint-disable-next-line no-console -- the run time of this proof is reported on purpose
    console.info(`50 parallel allocations for 10 units: ${elapsed} ms`);
  });

  it('never overdraws a held lot when 20 child lots and 10 allocations race on it (decision 029)', async () => {
    const org = await stockOrg(handle.db);
    const held = await issue(handle.db, org, org.a, lot(now, 20, { duration: 365 }), now);
    const G365 = held.groupKey;
    const started = performance.now();
    const children = Array.from({ length: 20 }, (_, i) =>
      wide.db.transaction((tx) =>
        issueChildLot(tx, {
          actorId: org.a,
          customerId: i % 2 === 0 ? org.b : org.u2,
          sourceLicenseId: held.licenseId,
          productCode: 'MBX',
          edition: 'Standard',
          usageType: 'NodeLocked',
          durationType: 'Fixed',
          startDate: now,
          expiryDate: new Date(now.getTime() + 30 * 86_400_000),
          durationDays: 30,
          totalCount: 3,
          now,
        }),
      ),
    );
    const allocations = Array.from({ length: 10 }, () =>
      allocate(wide.db, {
        actorId: org.a,
        targetId: org.p1,
        isUser: false,
        items: [{ groupKey: G365, productCode: 'MBX', quantity: 1 }],
        now,
      }),
    );
    // Settled together: a refused allocation is then never a rejection nobody awaits yet.
    const [issued, allocated] = await Promise.all([Promise.allSettled(children), Promise.allSettled(allocations)]);
    const elapsed = Math.round(performance.now() - started);
    const unexpected = [...issued, ...allocated]
      .filter((o) => o.status === 'rejected')
      .map((o) => o.reason as { statusCode?: number })
      .filter((reason) => !(reason instanceof InsufficientStockError) && reason.statusCode !== 409)
      .map(describeError);
    expect(unexpected).toEqual([]);
    const childUnits = 3 * issued.filter((o) => o.status === 'fulfilled').length;
    const allocatedUnits = allocated.filter((o) => o.status === 'fulfilled').length;
    const [left] = await handle.db
      .select({ available: stock.available })
      .from(stock)
      .where(and(eq(stock.poolId, org.pool.a), eq(stock.licenseId, held.licenseId)));
    expect(left?.available).toBe(20 - childUnits - allocatedUnits);
    // Whatever the interleaving, a refusal means that what was left could not cover it.
    if (childUnits < 60) expect(left!.available).toBeLessThan(3);
    if (allocatedUnits < 10) expect(left!.available).toBe(0);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
    // eslint-disable-next-line no-console -- the run time of this proof is reported on purpose
    console.info(`20 child lots and 10 allocations racing on one lot: ${elapsed} ms`);
  });

  it('never deadlocks when admins allocate and revoke crosswise, groups in opposite orders', async () => {
    const org: StockOrg = await stockOrg(handle.db);
    for (const customer of [org.a, org.b]) {
      await issue(handle.db, org, customer, lot(now, 40), now);
      await issue(handle.db, org, customer, lot(now, 40, { licenseTypeName: 'Enterprise' }), now);
    }
    const both = (first: string, second: string, quantity: number) => [
      { groupKey: first, productCode: 'MBX', quantity },
      { groupKey: second, productCode: 'MBX', quantity },
    ];
    const mailbox = { name: 'race@corp.example' };
    const started = performance.now();
    const failures: string[] = [];
    for (let round = 0; round < 25; round += 1) {
      const outcomes = await Promise.allSettled([
        allocate(wide.db, { actorId: org.a, targetId: org.b, isUser: true, items: both(G1, G2, 2), now }),
        revoke(wide.db, { actorId: org.a, targetId: org.b, isUser: true, items: both(G2, G1, 2), partial: true, now }),
        allocate(wide.db, { actorId: org.b, targetId: org.d, isUser: true, items: both(G2, G1, 2), now }),
        revoke(wide.db, { actorId: org.b, targetId: org.d, isUser: true, items: both(G1, G2, 1), partial: true, now }),
        allocate(wide.db, { actorId: org.a, targetId: org.p1, isUser: false, items: both(G2, G1, 1), now }),
        revoke(wide.db, {
          actorId: org.a,
          targetId: org.p1,
          isUser: false,
          items: both(G1, G2, 1),
          partial: true,
          now,
        }),
        reserve(wide.db, { accountId: org.u1, productCode: 'MBX', mailbox, now }).then((reservation) =>
          release(wide.db, { accountId: org.u1, reservation, mailbox, now }),
        ),
        allocate(wide.db, { actorId: org.b, targetId: org.p2, isUser: false, items: both(G1, G2, 1), now }),
      ]);
      for (const o of outcomes)
        if (o.status === 'rejected' && !(o.reason instanceof InsufficientStockError))
          failures.push(describeError(o.reason));
    }
    const elapsed = Math.round(performance.now() - started);
    expect(failures).toEqual([]);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
    // eslint-disable-next-line no-console -- the run time of this proof is reported on purpose
    console.info(`25 rounds of 8 crosswise movements: ${elapsed} ms`);
  }, 120_000);
});
