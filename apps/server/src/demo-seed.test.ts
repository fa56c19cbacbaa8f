import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper';
import type { DatabaseHandle } from './db/client';
import { accounts, licenses, movements } from './db/schema';
import { DEMO_ACCOUNTS } from './db/seed';
import { seedDemoOrganisation } from './demo-seed';
import { findLedgerViolations, listLicenses } from './modules/stock';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const DAY_MS = 86_400_000;
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('the demo organisation', () => {
  it('is seeded once, accounts and stock in one go', async () => {
    expect(await seedDemoOrganisation(handle.db, 'demo passphrase for the seed', NOW)).toBe(true);
    expect(await handle.db.select().from(accounts)).toHaveLength(DEMO_ACCOUNTS.length);
    expect(await seedDemoOrganisation(handle.db, 'demo passphrase for the seed', NOW)).toBe(false);
    expect(await handle.db.select().from(licenses)).toHaveLength(5);
  });

  it('issues admin@ five lots through the ledger and allocates some to user@ and the Sales Team pool, with a clean ledger', async () => {
    const lots = await listLicenses(handle.db, { now: NOW, pageNumber: 1, pageSize: 50 });
    expect(lots.total).toBe(5);
    const byOrder = new Map(lots.rows.map((lot) => [lot.orderId, lot]));
    expect(lots.rows.every((lot) => lot.customer.email === 'admin@example.com')).toBe(true);
    expect(byOrder.get('DEMO-1001')).toMatchObject({
      durationType: 'Perpetual',
      usageType: 'NodeLockedForever',
      totalCount: 500,
      status: 'Active',
    });
    expect(byOrder.get('DEMO-1002')).toMatchObject({ usageType: 'NodeLocked', duration: 365, status: 'Active' });
    const soon = Date.parse(byOrder.get('DEMO-1003')?.expiryDate ?? '') - NOW.getTime();
    expect(soon).toBeGreaterThan(0);
    expect(soon).toBeLessThanOrEqual(30 * DAY_MS);
    expect(byOrder.get('DEMO-1004')).toMatchObject({ status: 'Expired' });
    expect(byOrder.get('DEMO-1005')).toMatchObject({ usageType: 'Transactional', status: 'Active' });
    const written = await handle.db.select().from(movements).orderBy(asc(movements.action));
    expect(written.map((m) => m.action)).toEqual([
      ...Array<string>(4).fill('Allocate'),
      ...Array<string>(5).fill('Issue'),
    ]);
    expect(
      written
        .filter((m) => m.action === 'Allocate')
        .map((m) => m.targetName)
        .sort(),
    ).toEqual(['Sales Team', 'Sales Team', 'Uma User', 'Uma User']);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
  });
});
