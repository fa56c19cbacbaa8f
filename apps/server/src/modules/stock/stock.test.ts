import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupKeyOf } from '@portal/contracts/licenses';
import type { DatabaseHandle } from '../../db/client';
import { movementLines, movements, stock } from '../../db/schema';
import { openTestDatabase } from '../../../test/helper';
import { DAY, issue, lot, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { allocate, issueFromStock, revoke } from './stock.allocate';
import { consume, release, reserve } from './stock.agent';
import { findLedgerViolations } from './stock.audit';
import { InsufficientStockError, NotInTransitError } from './stock.errors';
import { groupedLicensesOfPool, licenseStatus, listLicenses } from './stock.queries';

let handle: DatabaseHandle;
let org: StockOrg;
const now = new Date('2026-11-21T09:00:00.000Z');
const MBX30 = groupKeyOf({
  productCode: 'MBX',
  edition: 'Standard',
  durationType: 'Fixed',
  durationDays: 30,
  usageType: 'NodeLocked',
});
const item = (quantity: number, groupKey = MBX30, productCode = 'MBX') => ({ groupKey, productCode, quantity });

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  expect(await findLedgerViolations(handle.db)).toEqual([]);
  await handle.close();
});
beforeEach(async () => {
  org = await stockOrg(handle.db);
});

async function rowsOf(poolId: string) {
  return handle.db.select().from(stock).where(eq(stock.poolId, poolId)).orderBy(asc(stock.licenseId));
}

async function row(poolId: string, licenseId: string) {
  const rows = await rowsOf(poolId);
  return rows.find((r) => r.licenseId === licenseId);
}

/** Everything a refused movement must leave as it was. */
async function ledgerState(): Promise<string> {
  const rows = await handle.db.select().from(stock).orderBy(asc(stock.poolId), asc(stock.licenseId));
  const [counted] = await handle.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(movementLines);
  return JSON.stringify({ rows, lines: counted?.n });
}

/** Two lots of one group: the first expires in 10 days, the second in 30. */
async function twoLots(customer = org.a) {
  const soon = await issue(handle.db, org, customer, lot(new Date(now.getTime() - 20 * DAY), 5), now);
  const later = await issue(handle.db, org, customer, lot(now, 10), now);
  return { soon: soon.licenseId, later: later.licenseId };
}

describe('issueLot', () => {
  it('lands the units as available stock in the customer Default pool, with one Issue movement', async () => {
    const issued = await issue(handle.db, org, org.a, lot(now, 12), now);
    expect(issued.groupKey).toBe(MBX30);
    expect(await row(org.pool.a, issued.licenseId)).toMatchObject({ available: 12, total: 12, allocated: 0 });
    const [movement] = await handle.db.select().from(movements).where(eq(movements.id, issued.movementId));
    expect(movement).toMatchObject({ action: 'Issue', quantity: 12, sourcePoolId: null, targetType: 'User' });
    expect(movement?.targetName).toBe('Alex Admin');
    expect(await licenseStatus(handle.db, issued.licenseId, now)).toBe('Active');
  });

  it('derives the expiry from a duration and the duration from an expiry', async () => {
    const byDuration = await issue(handle.db, org, org.a, lot(now, 1, { duration: 7 }), now);
    const end = new Date(now.getTime() + 45 * DAY).toISOString();
    const byExpiry = await issue(handle.db, org, org.a, lot(now, 1, { duration: null, expiryDate: end }), now);
    const { rows } = await listLicenses(handle.db, { customerIds: [org.a], now, pageNumber: 1, pageSize: 10 });
    expect(rows.find((r) => r.id === byDuration.licenseId)?.expiryDate).toBe(
      new Date(now.getTime() + 7 * DAY).toISOString(),
    );
    expect(rows.find((r) => r.id === byExpiry.licenseId)).toMatchObject({ duration: 45, expiryDate: end });
  });

  it('refuses an unknown product or edition and writes nothing', async () => {
    const before = await ledgerState();
    await expect(issue(handle.db, org, org.a, lot(now, 3, { productCode: 'NOPE' }), now)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(issue(handle.db, org, org.a, lot(now, 3, { licenseTypeName: 'Gold' }), now)).rejects.toThrow(
      'Mailbox Migration has no edition Gold.',
    );
    expect(await ledgerState()).toBe(before);
  });
});

describe('allocate', () => {
  it('takes the soonest-expiring lot first and moves available to allocated', async () => {
    const { soon, later } = await twoLots();
    const result = await allocate(handle.db, { actorId: org.a, targetId: org.u2, isUser: true, items: [item(7)], now });
    expect(await row(org.pool.a, soon)).toMatchObject({ available: 0, allocated: 5, total: 5 });
    expect(await row(org.pool.a, later)).toMatchObject({ available: 8, allocated: 2, total: 10 });
    expect(await row(org.pool.u2, soon)).toMatchObject({ available: 5, total: 5 });
    expect(await row(org.pool.u2, later)).toMatchObject({ available: 2, total: 2 });
    const [movement] = await handle.db
      .select()
      .from(movements)
      .where(eq(movements.id, result.items[0]?.movementId ?? ''));
    expect(movement).toMatchObject({
      action: 'Allocate',
      quantity: 7,
      sourcePoolId: org.pool.a,
      targetName: 'Umar User',
    });
    const lines = await handle.db
      .select()
      .from(movementLines)
      .where(eq(movementLines.movementId, movement?.id ?? ''));
    expect(lines).toHaveLength(4);
  });

  it('never takes an expired lot', async () => {
    const expired = await issue(handle.db, org, org.a, lot(new Date(now.getTime() - 40 * DAY), 5), now);
    const live = await issue(handle.db, org, org.a, lot(now, 3), now);
    await allocate(handle.db, { actorId: org.a, targetId: org.p1, isUser: false, items: [item(3)], now });
    expect(await row(org.pool.a, expired.licenseId)).toMatchObject({ available: 5 });
    expect(await row(org.pool.p1, live.licenseId)).toMatchObject({ available: 3 });
    const err = await allocate(handle.db, {
      actorId: org.a,
      targetId: org.p1,
      isUser: false,
      items: [item(1)],
      now,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientStockError);
    expect((err as Error).message).toBe('Not enough licenses of Mailbox Migration (MBX): 0 available, 1 requested.');
  });

  it('refuses more than is available with a 409 naming product and count, and moves nothing of any group', async () => {
    await twoLots();
    const perpetual = await issue(
      handle.db,
      org,
      org.a,
      lot(now, 4, { durationType: 'Perpetual', usageType: 'NodeLockedForever', duration: null }),
      now,
    );
    const before = await ledgerState();
    const err = await allocate(handle.db, {
      actorId: org.a,
      targetId: org.u2,
      isUser: true,
      items: [item(2, perpetual.groupKey), item(16)],
      now,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 409, available: 15, requested: 16, productCode: 'MBX' });
    expect(await ledgerState()).toBe(before);
  });

  it('refuses targets that are not its own children or shared pools, and a product not of the group', async () => {
    await twoLots();
    const before = await ledgerState();
    const to = (targetId: string, isUser: boolean) =>
      allocate(handle.db, { actorId: org.a, targetId, isUser, items: [item(1)], now });
    await expect(to(org.d, true)).rejects.toMatchObject({ statusCode: 404 });
    await expect(to(org.p2, false)).rejects.toMatchObject({ statusCode: 404 });
    await expect(to(org.u2, false)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      allocate(handle.db, { actorId: org.a, targetId: org.u2, isUser: true, items: [item(1, MBX30, 'ARC')], now }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      allocate(handle.db, { actorId: org.a, targetId: org.u2, isUser: true, items: [item(1), item(2)], now }),
    ).rejects.toThrow('Each product group can be picked once');
    expect(await ledgerState()).toBe(before);
  });
});

describe('revoke', () => {
  it('moves available units back and leaves reserved ones', async () => {
    const { soon, later } = await twoLots();
    await allocate(handle.db, { actorId: org.a, targetId: org.u2, isUser: true, items: [item(8)], now });
    await reserve(handle.db, { accountId: org.u2, productCode: 'MBX', quantity: 2, mailbox: { name: 'x@corp' }, now });
    const result = await revoke(handle.db, { actorId: org.a, targetId: org.u2, isUser: true, items: [item(4)], now });
    expect(result.items[0]?.moved).toBe(4);
    expect(await row(org.pool.u2, soon)).toMatchObject({ available: 0, inTransit: 2, total: 2 });
    expect(await row(org.pool.u2, later)).toMatchObject({ available: 2, total: 2 });
    expect(await row(org.pool.a, soon)).toMatchObject({ available: 3, allocated: 2 });
    expect(await row(org.pool.a, later)).toMatchObject({ available: 8, allocated: 2 });
    const before = await ledgerState();
    await expect(
      revoke(handle.db, { actorId: org.a, targetId: org.u2, isUser: true, items: [item(3)], now }),
    ).rejects.toMatchObject({ statusCode: 409, available: 2 });
    expect(await ledgerState()).toBe(before);
    const partial = await revoke(handle.db, {
      actorId: org.a,
      targetId: org.u2,
      isUser: true,
      items: [item(3)],
      partial: true,
      now,
    });
    expect(partial.items[0]).toMatchObject({ moved: 2 });
  });

  it("cannot take a child's own lot, which was never allocated to it", async () => {
    await issue(handle.db, org, org.b, lot(now, 6), now);
    await expect(
      revoke(handle.db, { actorId: org.a, targetId: org.b, isUser: true, items: [item(1)], now }),
    ).rejects.toMatchObject({ statusCode: 409, available: 0 });
  });
});

describe('issueFromStock', () => {
  it("hands units of the Admin's own stock to a child customer, never more than it has", async () => {
    const { later } = await twoLots();
    const result = await issueFromStock(handle.db, { actorId: org.a, customerId: org.b, item: item(12), now });
    const [movement] = await handle.db
      .select()
      .from(movements)
      .where(eq(movements.id, result.items[0]?.movementId ?? ''));
    expect(movement).toMatchObject({ action: 'Issue', quantity: 12, sourcePoolId: org.pool.a });
    expect(await row(org.pool.b, later)).toMatchObject({ available: 7 });
    await expect(
      issueFromStock(handle.db, { actorId: org.a, customerId: org.b, item: item(4), now }),
    ).rejects.toBeInstanceOf(InsufficientStockError);
    await expect(
      issueFromStock(handle.db, { actorId: org.a, customerId: org.d, item: item(1), now }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('reserve, consume, release', () => {
  it('draws from the shared pool of a member and settles to consumed or back to available', async () => {
    const { soon } = await twoLots();
    await allocate(handle.db, { actorId: org.a, targetId: org.p1, isUser: false, items: [item(3)], now });
    const mailbox = { name: 'ann@corp.example' };
    const first = await reserve(handle.db, { accountId: org.u1, productCode: 'MBX', mailbox, now });
    const second = await reserve(handle.db, { accountId: org.u1, productCode: 'MBX', mailbox, now });
    expect(first).toMatchObject({ poolId: org.pool.p1, lots: [{ licenseId: soon, quantity: 1 }] });
    await consume(handle.db, { accountId: org.u1, reservation: first, mailbox, now });
    await release(handle.db, { accountId: org.u1, reservation: second, mailbox, now });
    expect(await row(org.pool.p1, soon)).toMatchObject({ available: 2, inTransit: 0, consumed: 1, total: 3 });
    await expect(consume(handle.db, { accountId: org.u1, reservation: first, mailbox, now })).rejects.toBeInstanceOf(
      NotInTransitError,
    );
  });

  it('uses lots that have started and not expired, fixed before perpetual, and refuses when none is left', async () => {
    const mailbox = { name: 'bob@corp.example' };
    await issue(handle.db, org, org.u2, lot(new Date(now.getTime() + DAY), 5), now);
    const perpetual = await issue(
      handle.db,
      org,
      org.u2,
      lot(now, 1, { durationType: 'Perpetual', usageType: 'NodeLockedForever', duration: null }),
      now,
    );
    const fixed = await issue(handle.db, org, org.u2, lot(new Date(now.getTime() - 29 * DAY), 1), now);
    const first = await reserve(handle.db, { accountId: org.u2, productCode: 'MBX', mailbox, now });
    expect(first.lots).toEqual([{ licenseId: fixed.licenseId, quantity: 1 }]);
    const second = await reserve(handle.db, { accountId: org.u2, productCode: 'MBX', mailbox, now });
    expect(second.lots).toEqual([{ licenseId: perpetual.licenseId, quantity: 1 }]);
    await expect(reserve(handle.db, { accountId: org.u2, productCode: 'MBX', mailbox, now })).rejects.toMatchObject({
      statusCode: 409,
      available: 0,
    });
    // The reservation outlives the lot's expiry: the migration ran while it was valid.
    await consume(handle.db, {
      accountId: org.u2,
      reservation: first,
      mailbox,
      now: new Date(now.getTime() + 2 * DAY),
    });
  });
});

describe('status and grouped views', () => {
  it('computes Active, Exhausted and Expired from stock and the clock', async () => {
    const mailbox = { name: 'cy@corp.example' };
    const issued = await issue(handle.db, org, org.u2, lot(now, 1), now);
    const reservation = await reserve(handle.db, { accountId: org.u2, productCode: 'MBX', mailbox, now });
    expect(await licenseStatus(handle.db, issued.licenseId, now)).toBe('Active');
    await consume(handle.db, { accountId: org.u2, reservation, mailbox, now });
    expect(await licenseStatus(handle.db, issued.licenseId, now)).toBe('Exhausted');
    expect(await licenseStatus(handle.db, issued.licenseId, new Date(now.getTime() + 30 * DAY))).toBe('Expired');
  });

  it('groups interchangeable lots per pool and leaves expired units out of availableCount', async () => {
    await twoLots();
    await allocate(handle.db, { actorId: org.a, targetId: org.u2, isUser: true, items: [item(6)], now });
    const [group] = await groupedLicensesOfPool(handle.db, org.pool.a, now);
    expect(group).toEqual({
      groupKey: MBX30,
      productCode: 'MBX',
      productName: 'Mailbox Migration',
      edition: 'Standard',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      duration: 30,
      totalCount: 15,
      availableCount: 9,
      consumedCount: 0,
      inTransitCount: 0,
    });
    const [later] = await groupedLicensesOfPool(handle.db, org.pool.u2, new Date(now.getTime() + 11 * DAY));
    expect(later).toMatchObject({ totalCount: 6, availableCount: 1 });
    const rows = await handle.db
      .select()
      .from(stock)
      .where(inArray(stock.poolId, [org.pool.u1, org.pool.d]));
    expect(rows).toEqual([]);
  });
});
