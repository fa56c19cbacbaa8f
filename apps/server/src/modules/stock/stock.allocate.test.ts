import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { movementLines, movements } from '../../db/schema';
import { DAY, issue, item, lot, MBX30, stockLedgerSuite } from '../../../test/stock-fixtures';
import { allocate, revoke } from './stock.allocate';
import { reserve } from './stock.agent';
import { issueChildLot } from './stock.child-lot';
import { InsufficientStockError } from './stock.errors';
import { licenseStatus, listLicenses } from '../licenses';

const now = new Date('2026-11-21T09:00:00.000Z');
const suite = stockLedgerSuite(now);
const { row, ledgerState, twoLots } = suite;

describe('issueLot', () => {
  it('lands the units as available stock in the customer Default pool, with one Issue movement', async () => {
    const issued = await issue(suite.db, suite.org, suite.org.a, lot(now, 12), now);
    expect(issued.groupKey).toBe(MBX30);
    expect(await row(suite.org.pool.a, issued.licenseId)).toMatchObject({ available: 12, total: 12, allocated: 0 });
    const [movement] = await suite.db.select().from(movements).where(eq(movements.id, issued.movementId));
    expect(movement).toMatchObject({ action: 'Issue', quantity: 12, sourcePoolId: null, targetType: 'User' });
    expect(movement?.targetName).toBe('Alex Admin');
    expect(await licenseStatus(suite.db, issued.licenseId, now)).toBe('Active');
  });

  it('derives the expiry from a duration and the duration from an expiry', async () => {
    const byDuration = await issue(suite.db, suite.org, suite.org.a, lot(now, 1, { duration: 7 }), now);
    const end = new Date(now.getTime() + 45 * DAY).toISOString();
    const byExpiry = await issue(
      suite.db,
      suite.org,
      suite.org.a,
      lot(now, 1, { duration: null, expiryDate: end }),
      now,
    );
    const { rows } = await listLicenses(suite.db, { customerIds: [suite.org.a], now, pageNumber: 1, pageSize: 10 });
    expect(rows.find((r) => r.id === byDuration.licenseId)?.expiryDate).toBe(
      new Date(now.getTime() + 7 * DAY).toISOString(),
    );
    expect(rows.find((r) => r.id === byExpiry.licenseId)).toMatchObject({ duration: 45, expiryDate: end });
  });

  it('refuses an unknown product or edition and writes nothing', async () => {
    const before = await ledgerState();
    await expect(
      issue(suite.db, suite.org, suite.org.a, lot(now, 3, { productCode: 'NOPE' }), now),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      issue(suite.db, suite.org, suite.org.a, lot(now, 3, { licenseTypeName: 'Gold' }), now),
    ).rejects.toThrow('Mailbox Migration has no edition Gold.');
    expect(await ledgerState()).toBe(before);
  });
});

describe('allocate', () => {
  it('takes the soonest-expiring lot first and moves available to allocated', async () => {
    const { soon, later } = await twoLots();
    const result = await allocate(suite.db, {
      actorId: suite.org.a,
      targetId: suite.org.u2,
      isUser: true,
      items: [item(7)],
      now,
    });
    expect(await row(suite.org.pool.a, soon)).toMatchObject({ available: 0, allocated: 5, total: 5 });
    expect(await row(suite.org.pool.a, later)).toMatchObject({ available: 8, allocated: 2, total: 10 });
    expect(await row(suite.org.pool.u2, soon)).toMatchObject({ available: 5, total: 5 });
    expect(await row(suite.org.pool.u2, later)).toMatchObject({ available: 2, total: 2 });
    const [movement] = await suite.db
      .select()
      .from(movements)
      .where(eq(movements.id, result.items[0]?.movementId ?? ''));
    expect(movement).toMatchObject({
      action: 'Allocate',
      quantity: 7,
      sourcePoolId: suite.org.pool.a,
      targetName: 'Umar User',
    });
    const lines = await suite.db
      .select()
      .from(movementLines)
      .where(eq(movementLines.movementId, movement?.id ?? ''));
    expect(lines).toHaveLength(4);
  });

  it('never takes an expired lot', async () => {
    const expired = await issue(suite.db, suite.org, suite.org.a, lot(new Date(now.getTime() - 40 * DAY), 5), now);
    const live = await issue(suite.db, suite.org, suite.org.a, lot(now, 3), now);
    await allocate(suite.db, { actorId: suite.org.a, targetId: suite.org.p1, isUser: false, items: [item(3)], now });
    expect(await row(suite.org.pool.a, expired.licenseId)).toMatchObject({ available: 5 });
    expect(await row(suite.org.pool.p1, live.licenseId)).toMatchObject({ available: 3 });
    const err = await allocate(suite.db, {
      actorId: suite.org.a,
      targetId: suite.org.p1,
      isUser: false,
      items: [item(1)],
      now,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientStockError);
    expect((err as Error).message).toBe('Only 0 Mailbox Migration licenses are available (1 requested).');
  });

  it('refuses more than is available with a 409 naming product and count, and moves nothing of any group', async () => {
    await twoLots();
    const perpetual = await issue(
      suite.db,
      suite.org,
      suite.org.a,
      lot(now, 4, { durationType: 'Perpetual', usageType: 'NodeLockedForever', duration: null }),
      now,
    );
    const before = await ledgerState();
    const err = await allocate(suite.db, {
      actorId: suite.org.a,
      targetId: suite.org.u2,
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
      allocate(suite.db, { actorId: suite.org.a, targetId, isUser, items: [item(1)], now });
    await expect(to(suite.org.d, true)).rejects.toMatchObject({ statusCode: 404 });
    await expect(to(suite.org.p2, false)).rejects.toMatchObject({ statusCode: 404 });
    await expect(to(suite.org.u2, false)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      allocate(suite.db, {
        actorId: suite.org.a,
        targetId: suite.org.u2,
        isUser: true,
        items: [item(1, MBX30, 'ARC')],
        now,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      allocate(suite.db, {
        actorId: suite.org.a,
        targetId: suite.org.u2,
        isUser: true,
        items: [item(1), item(2)],
        now,
      }),
    ).rejects.toThrow('Each product group can be picked once');
    expect(await ledgerState()).toBe(before);
  });
});

describe('revoke', () => {
  it('moves available units back and leaves reserved ones', async () => {
    const { soon, later } = await twoLots();
    await allocate(suite.db, { actorId: suite.org.a, targetId: suite.org.u2, isUser: true, items: [item(8)], now });
    await reserve(suite.db, {
      accountId: suite.org.u2,
      productCode: 'MBX',
      quantity: 2,
      mailbox: { name: 'x@corp' },
      now,
    });
    const result = await revoke(suite.db, {
      actorId: suite.org.a,
      targetId: suite.org.u2,
      isUser: true,
      items: [item(4)],
      now,
    });
    expect(result.items[0]?.moved).toBe(4);
    expect(await row(suite.org.pool.u2, soon)).toMatchObject({ available: 0, inTransit: 2, total: 2 });
    expect(await row(suite.org.pool.u2, later)).toMatchObject({ available: 2, total: 2 });
    expect(await row(suite.org.pool.a, soon)).toMatchObject({ available: 3, allocated: 2 });
    expect(await row(suite.org.pool.a, later)).toMatchObject({ available: 8, allocated: 2 });
    const before = await ledgerState();
    await expect(
      revoke(suite.db, { actorId: suite.org.a, targetId: suite.org.u2, isUser: true, items: [item(3)], now }),
    ).rejects.toMatchObject({ statusCode: 409, available: 2 });
    expect(await ledgerState()).toBe(before);
    const partial = await revoke(suite.db, {
      actorId: suite.org.a,
      targetId: suite.org.u2,
      isUser: true,
      items: [item(3)],
      partial: true,
      now,
    });
    expect(partial.items[0]).toMatchObject({ moved: 2 });
  });

  it("cannot take a child's own lot, which was never allocated to it", async () => {
    await issue(suite.db, suite.org, suite.org.b, lot(now, 6), now);
    await expect(
      revoke(suite.db, { actorId: suite.org.a, targetId: suite.org.b, isUser: true, items: [item(1)], now }),
    ).rejects.toMatchObject({ statusCode: 409, available: 0 });
  });
});

describe('issueChildLot', () => {
  /** An Admin's Create License (decision 029): a new lot for `customerId` drawn from one it holds. */
  const issueChild = (customerId: string, totalCount: number, sourceLicenseId?: string) =>
    suite.db.transaction((tx) =>
      issueChildLot(tx, {
        actorId: suite.org.a,
        customerId,
        sourceLicenseId,
        productCode: 'MBX',
        edition: 'Standard',
        usageType: 'NodeLocked',
        durationType: 'Fixed',
        startDate: now,
        expiryDate: new Date(now.getTime() + 5 * DAY),
        durationDays: 5,
        totalCount,
        now,
      }),
    );

  it("draws a child's new lot from a lot the Admin holds, never more than that lot has", async () => {
    const { soon, later } = await twoLots();
    // Without a source, the soonest-expiring lot whose count and term cover it: `soon` has 5.
    const first = await issueChild(suite.org.b, 4);
    expect(first.sourceLicenseId).toBe(soon);
    const [movement] = await suite.db.select().from(movements).where(eq(movements.id, first.movementId));
    expect(movement).toMatchObject({
      action: 'Issue',
      quantity: 4,
      sourcePoolId: suite.org.pool.a,
      targetType: 'User',
    });
    expect(await row(suite.org.pool.a, soon)).toMatchObject({ available: 1, total: 1 });
    expect(await row(suite.org.pool.b, first.licenseId)).toMatchObject({ available: 4, total: 4 });
    const before = await ledgerState();
    await expect(issueChild(suite.org.b, 2, soon)).rejects.toMatchObject({ statusCode: 409 });
    expect(await ledgerState()).toBe(before);
    // Asked for more than any one lot holds: the refusal names the most a lot can give.
    await expect(issueChild(suite.org.u2, 11)).rejects.toMatchObject({ statusCode: 409 });
    expect(await ledgerState()).toBe(before);
    const second = await issueChild(suite.org.u2, 10);
    expect(second.sourceLicenseId).toBe(later);
    expect(await row(suite.org.pool.a, later)).toMatchObject({ available: 0, total: 0 });
  });
});
