import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsumptionSeries } from '@portal/contracts/charts';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import {
  adminPrincipal,
  countingDb,
  DAY,
  issue,
  ppuLot,
  ppuStockOrgs,
  type StockOrg,
  type TwoOrgTokens,
} from '../../../test/stock-fixtures';
import { consume, release, reserve } from '../stock';
import { consumptionSeries } from './consumption.queries';

let ctx: TestContext;
let org: StockOrg;
let other: StockOrg;
let token: TwoOrgTokens;
type Who = keyof typeof token;

/** `daysAgo` days before the test clock's now (09:00 UTC), as the ledger records it. */
const at = (daysAgo: number) => new Date(ctx.clock.now().getTime() - daysAgo * DAY);
const day = (daysAgo: number) => at(daysAgo).toISOString().slice(0, 10);

/** A mailbox of `accountId` reserves `quantity` units and consumes them (or releases them), `daysAgo` days ago. */
async function migrate(accountId: string, quantity: number, daysAgo: number, outcome: 'Consume' | 'Release' | 'none') {
  const db = ctx.handle.db;
  const now = at(daysAgo);
  const mailbox = { name: `box-${daysAgo}@source.example`, id: null };
  const reservation = await reserve(db, { accountId, productCode: 'MBX', quantity, mailbox, now });
  if (outcome === 'Consume') await consume(db, { accountId, reservation, mailbox, now });
  if (outcome === 'Release') await release(db, { accountId, reservation, mailbox, now });
}

const series = async (who: Who, days?: number): Promise<ConsumptionSeries> => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/LicenseMovement/consumption${days ? `?days=${days}` : ''}`,
    headers: bearer(token[who]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** The units of the day `daysAgo`, by product code (only the products of the window). */
const on = (data: ConsumptionSeries, daysAgo: number) => data.points.find((p) => p.date === day(daysAgo));

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  const start = at(200);
  // U1 draws Pay-Per-Use units from the shared pool P1 that A feeds; U2 (Individual) its own.
  ({ org, other, token } = await ppuStockOrgs(ctx, start));
  await issue(db, org, org.u2, ppuLot(start, 50), start);

  await migrate(org.u2, 2, 0, 'Consume'); // today
  await migrate(org.u2, 1, 0, 'Consume'); // today again: the day sums
  await migrate(org.u2, 3, 5, 'Consume');
  await migrate(org.u2, 4, 60, 'Consume'); // only in the 90-day window
  await migrate(org.u2, 5, 95, 'Consume'); // in neither
  await migrate(org.u2, 6, 1, 'Release'); // reserved then released: nothing consumed
  await migrate(org.u2, 1, 2, 'none'); // still in transit
  await migrate(org.u1, 7, 5, 'Consume');
  await migrate(other.u2, 9, 5, 'Consume'); // another organisation
});
afterAll(() => ctx.close());

describe('GET /api/LicenseMovement/consumption', () => {
  it('sums the Consume movements per UTC day over the last 30 days, today last, days without one at 0', async () => {
    const data = await series('u2');
    expect(data).toMatchObject({ days: 30, from: day(29), to: day(0) });
    expect(data.points.map((p) => p.date)).toEqual(Array.from({ length: 30 }, (_, i) => day(29 - i)));
    expect(data.products).toEqual([{ productCode: 'MBX', productName: 'Mailbox Migration', units: 6 }]);
    expect(on(data, 0)).toEqual({ date: day(0), total: 3, byProduct: { MBX: 3 } });
    expect(on(data, 5)).toEqual({ date: day(5), total: 3, byProduct: { MBX: 3 } });
    // Released and in-transit units are not consumed; every other day is a zero.
    expect(on(data, 1)).toEqual({ date: day(1), total: 0, byProduct: { MBX: 0 } });
    expect(on(data, 2)?.total).toBe(0);
    expect(data.points.filter((p) => p.total > 0).map((p) => p.date)).toEqual([day(5), day(0)]);
  });

  it('reaches back 90 days with days=90, and refuses another window', async () => {
    const data = await series('u2', 90);
    expect(data).toMatchObject({ days: 90, from: day(89), to: day(0) });
    expect(data.points).toHaveLength(90);
    expect(on(data, 60)?.total).toBe(4);
    expect(data.products[0]?.units).toBe(10);
    // 95 days ago is outside both windows.
    expect(data.points.some((p) => p.date === day(95))).toBe(false);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/LicenseMovement/consumption?days=45',
      headers: bearer(token.u2),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('has the scope of the movement list: a User its pools, an Admin and its Auditor the organisation, never another', async () => {
    // U1 draws from P1: its own consumption, not U2's.
    expect(on(await series('u1'), 5)?.total).toBe(7);
    expect(on(await series('u1'), 0)?.total).toBe(0);
    // A and its Auditor: U1 and U2 both; never the other organisation's 9 units.
    for (const who of ['a', 'auditor'] as const) {
      const data = await series(who);
      expect(on(data, 5)?.total).toBe(10);
      expect(on(data, 0)?.total).toBe(3);
    }
    // B, a child Admin, sees none of its parent's other children.
    expect((await series('b')).points.every((p) => p.total === 0)).toBe(true);
    expect((await series('b')).products).toEqual([]);
    // The other organisation sees only its own.
    expect(on(await series('otherAdmin'), 5)?.total).toBe(9);
    expect(on(await series('otherAdmin'), 0)?.total).toBe(0);
    // The SuperAdmin sees every organisation.
    expect(on(await series('superAdmin'), 5)?.total).toBeGreaterThanOrEqual(19);
  });

  it('is one query, whatever the window', async () => {
    const counting = countingDb(ctx.handle);
    await consumptionSeries(counting.db, adminPrincipal(org.a), 90, ctx.clock.now());
    expect(counting.statements()).toBe(1);
  });
});
