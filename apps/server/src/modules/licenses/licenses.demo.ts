import { groupKeyOf } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { setAccountsPool } from '../../core/accounts';
import { createSharedPool } from '../pools';
import { allocate, issueLot, type LotInput } from '../stock';

const DAY_MS = 86_400_000;

/** The demo accounts the stock seed needs, by their seed key. */
export interface DemoStockIds {
  superadmin: string;
  admin: string;
  user: string;
  /** Made a member of the shared pool, so its dashboard shows the 'Account Pool' section. */
  secure: string;
}

export const DEMO_POOL = { name: 'Sales Team', description: 'Licenses shared by the sales team' };

/** The demo's five lots, dated from `now`. */
function demoLots(now: Date): LotInput[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  return [
    {
      productCode: 'MBX',
      licenseTypeName: 'Standard',
      durationType: 'Perpetual',
      usageType: 'NodeLockedForever',
      // Starts after the per-mailbox history of agent.demo.ts: until then admin@'s MBX jobs drew
      // Pay-Per-Use units.
      startDate: daysAgo(12),
      totalCount: 500,
      orderId: 'DEMO-1001',
    },
    {
      productCode: 'ARC',
      licenseTypeName: 'Standard',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      startDate: daysAgo(10),
      duration: 365,
      totalCount: 200,
      orderId: 'DEMO-1002',
    },
    {
      productCode: 'PFM',
      licenseTypeName: 'Standard',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      startDate: daysAgo(345),
      duration: 365,
      totalCount: 50,
      orderId: 'DEMO-1003',
    },
    {
      productCode: 'T2T',
      licenseTypeName: 'Standard',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      startDate: daysAgo(400),
      duration: 365,
      totalCount: 25,
      orderId: 'DEMO-1004',
    },
    {
      productCode: 'MBX',
      licenseTypeName: 'Enterprise',
      durationType: 'Perpetual',
      usageType: 'Transactional',
      startDate: daysAgo(100),
      totalCount: 1000,
      orderId: 'DEMO-1005',
    },
  ];
}

/**
 * The demo organisation's stock, written through the ledger like any other (never raw rows): the
 * SuperAdmin issues admin@ a perpetual lot, a 365-day lot, one that expires within 30 days, one
 * already expired and a Pay-Per-Use lot; admin@ then allocates some to user@ (Individual) and
 * some to its shared pool 'Sales Team', of which secure@ is a member.
 */
export async function seedDemoStock(tx: Database, ids: DemoStockIds, now: Date): Promise<void> {
  const lots = demoLots(now);
  // Issued two weeks ago and allocated once started, before the demo's migration history
  // (agent.demo.ts) drew on them, so that License Movement tells the story in order.
  // The Pay-Per-Use lot came first, 95 days ago: admin@'s per-mailbox migrations drew on it since.
  const issuedAt = new Date(now.getTime() - 14 * DAY_MS);
  const payPerUseAt = new Date(now.getTime() - 95 * DAY_MS);
  for (const lot of lots) {
    const at = lot.usageType === 'Transactional' ? payPerUseAt : issuedAt;
    await issueLot(tx, { actorId: ids.superadmin, customerId: ids.admin, lot, now: at });
  }
  const group = (lot: LotInput) =>
    groupKeyOf({
      productCode: lot.productCode,
      edition: lot.licenseTypeName,
      durationType: lot.durationType,
      durationDays: lot.duration ?? null,
      usageType: lot.usageType,
    });
  const [perpetual, yearly, expiring] = lots as [LotInput, LotInput, LotInput];
  // A lot is allocated once it has started, never before: the allocations are made when the last
  // of the lots they draw on started (10 days ago), before the first migration drew on them.
  const allocatedAt = new Date(
    Math.max(issuedAt.getTime(), ...[perpetual, yearly, expiring].map((lot) => Date.parse(lot.startDate))),
  );
  await allocate(tx, {
    actorId: ids.admin,
    targetId: ids.user,
    isUser: true,
    items: [
      { groupKey: group(perpetual), productCode: perpetual.productCode, quantity: 50 },
      { groupKey: group(yearly), productCode: yearly.productCode, quantity: 20 },
    ],
    now: allocatedAt,
  });
  const pool = await createSharedPool(tx, ids.admin, DEMO_POOL, issuedAt);
  await setAccountsPool(tx, [ids.secure], pool.id);
  await allocate(tx, {
    actorId: ids.admin,
    targetId: pool.id,
    isUser: false,
    items: [
      { groupKey: group(perpetual), productCode: perpetual.productCode, quantity: 30 },
      { groupKey: group(expiring), productCode: expiring.productCode, quantity: 10 },
    ],
    now: allocatedAt,
  });
}
