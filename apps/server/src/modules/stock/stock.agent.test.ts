import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stock } from '../../db/schema';
import { DAY, issue, item, lot, MBX30, stockLedgerSuite } from '../../../test/stock-fixtures';
import { allocate } from './stock.allocate';
import { consume, release, reserve } from './stock.agent';
import { NotInTransitError } from './stock.errors';
import { licenseStatus } from '../licenses';
import { groupedLicensesOfPool } from '../pools';

const now = new Date('2026-11-21T09:00:00.000Z');
const suite = stockLedgerSuite(now);
const { row, ledgerState, twoLots } = suite;

describe('reserve, consume, release', () => {
  it('draws from the shared pool of a member and settles to consumed or back to available', async () => {
    const { soon } = await twoLots();
    await allocate(suite.db, { actorId: suite.org.a, targetId: suite.org.p1, isUser: false, items: [item(3)], now });
    const mailbox = { name: 'ann@corp.example' };
    const first = await reserve(suite.db, { accountId: suite.org.u1, productCode: 'MBX', mailbox, now });
    const second = await reserve(suite.db, { accountId: suite.org.u1, productCode: 'MBX', mailbox, now });
    expect(first).toMatchObject({ poolId: suite.org.pool.p1, lots: [{ licenseId: soon, quantity: 1 }] });
    await consume(suite.db, { accountId: suite.org.u1, reservation: first, mailbox, now });
    await release(suite.db, { accountId: suite.org.u1, reservation: second, mailbox, now });
    expect(await row(suite.org.pool.p1, soon)).toMatchObject({ available: 2, inTransit: 0, consumed: 1, total: 3 });
    await expect(
      consume(suite.db, { accountId: suite.org.u1, reservation: first, mailbox, now }),
    ).rejects.toBeInstanceOf(NotInTransitError);
  });

  it('uses lots that have started and not expired, fixed before perpetual, and refuses when none is left', async () => {
    const mailbox = { name: 'bob@corp.example' };
    await issue(suite.db, suite.org, suite.org.u2, lot(new Date(now.getTime() + DAY), 5), now);
    const perpetual = await issue(
      suite.db,
      suite.org,
      suite.org.u2,
      lot(now, 1, { durationType: 'Perpetual', usageType: 'NodeLockedForever', duration: null }),
      now,
    );
    const fixed = await issue(suite.db, suite.org, suite.org.u2, lot(new Date(now.getTime() - 29 * DAY), 1), now);
    const first = await reserve(suite.db, { accountId: suite.org.u2, productCode: 'MBX', mailbox, now });
    expect(first.lots).toEqual([{ licenseId: fixed.licenseId, quantity: 1 }]);
    const second = await reserve(suite.db, { accountId: suite.org.u2, productCode: 'MBX', mailbox, now });
    expect(second.lots).toEqual([{ licenseId: perpetual.licenseId, quantity: 1 }]);
    const before = await ledgerState();
    await expect(
      reserve(suite.db, { accountId: suite.org.u2, productCode: 'MBX', mailbox, now }),
    ).rejects.toMatchObject({
      statusCode: 409,
      available: 0,
    });
    expect(await ledgerState()).toBe(before);
    // The reservation outlives the lot's expiry: the migration ran while it was valid.
    await consume(suite.db, {
      accountId: suite.org.u2,
      reservation: first,
      mailbox,
      now: new Date(now.getTime() + 2 * DAY),
    });
  });
});

describe('status and grouped views', () => {
  it('computes Active, Exhausted and Expired from stock and the clock', async () => {
    const mailbox = { name: 'cy@corp.example' };
    const issued = await issue(suite.db, suite.org, suite.org.u2, lot(now, 1), now);
    const reservation = await reserve(suite.db, { accountId: suite.org.u2, productCode: 'MBX', mailbox, now });
    expect(await licenseStatus(suite.db, issued.licenseId, now)).toBe('Active');
    await consume(suite.db, { accountId: suite.org.u2, reservation, mailbox, now });
    expect(await licenseStatus(suite.db, issued.licenseId, now)).toBe('Exhausted');
    expect(await licenseStatus(suite.db, issued.licenseId, new Date(now.getTime() + 30 * DAY))).toBe('Expired');
  });

  it('groups interchangeable lots per pool and leaves expired units out of availableCount', async () => {
    await twoLots();
    await allocate(suite.db, { actorId: suite.org.a, targetId: suite.org.u2, isUser: true, items: [item(6)], now });
    const [group] = await groupedLicensesOfPool(suite.db, suite.org.pool.a, now);
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
    const [later] = await groupedLicensesOfPool(suite.db, suite.org.pool.u2, new Date(now.getTime() + 11 * DAY));
    expect(later).toMatchObject({ totalCount: 6, availableCount: 1 });
    const rows = await suite.db
      .select()
      .from(stock)
      .where(inArray(stock.poolId, [suite.org.pool.u1, suite.org.pool.d]));
    expect(rows).toEqual([]);
  });
});
