import { type ConsumptionSeries, consumptionSeriesSchema } from '@portal/contracts/charts';
import {
  allocationHierarchySchema,
  allocationResultSchema,
  availableSummaryItemSchema,
  groupedLicenseSchema,
  myAllocationGroupSchema,
  poolAllocationsSchema,
  poolSummarySchema,
  productAllocationRowSchema,
  userSummarySchema,
  type AllocationHierarchy,
  type AvailableSummaryItem,
  type GroupedLicense,
  type MyAllocationGroup,
  type PoolAllocations,
  type ProductAllocationRow,
} from '@portal/contracts/licenses';
import { ok } from './mock-api';

/**
 * Answers of the stock calls, each parsed with its contract schema, so a fixture that drifts from
 * what the server may send fails here rather than passing against a shape the server never sends.
 */
export function availableItem(overrides: Partial<AvailableSummaryItem> = {}): AvailableSummaryItem {
  return availableSummaryItemSchema.parse({
    groupKey: 'MBX|Standard|Fixed|365|NodeLocked',
    productCode: 'MBX',
    name: 'Mailbox Migration',
    description: 'Moves one mailbox',
    edition: 'Standard',
    durationType: 'Fixed',
    usageType: 'NodeLocked',
    duration: 365,
    availableCount: 5,
    groupingFactors: { ProductCode: 'MBX', Duration: 365, Edition: 'Standard' },
    ...overrides,
  });
}

export const ARCHIVE = {
  groupKey: 'ARC|Pro|Perpetual|-|NodeLockedForever',
  productCode: 'ARC',
  name: 'Archive Migration',
  edition: 'Pro',
  durationType: 'Perpetual',
  usageType: 'NodeLockedForever',
  duration: null,
  groupingFactors: { ProductCode: 'ARC', Duration: null, Edition: 'Pro' },
} as const;

export const PAY_PER_USE = {
  groupKey: 'PF|Standard|Perpetual|-|Transactional',
  productCode: 'PF',
  name: 'Public Folder Migration',
  edition: 'Standard',
  durationType: 'Perpetual',
  usageType: 'Transactional',
  duration: null,
  groupingFactors: { ProductCode: 'PF', Duration: null, Edition: 'Standard' },
} as const;

export const availableSummaryReply = (items: AvailableSummaryItem[]) => ok(parseAll(items, availableSummaryItemSchema));

export function groupedLicense(overrides: Partial<GroupedLicense> = {}): GroupedLicense {
  return groupedLicenseSchema.parse({
    groupKey: 'MBX|Standard|Fixed|365|NodeLocked',
    productCode: 'MBX',
    productName: 'Mailbox Migration',
    edition: 'Standard',
    durationType: 'Fixed',
    usageType: 'NodeLocked',
    duration: 365,
    totalCount: 6,
    availableCount: 4,
    consumedCount: 1,
    inTransitCount: 1,
    ...overrides,
  });
}

export function childSummaryReply(child: { id: string; name: string; email: string }, held: GroupedLicense[]) {
  return ok(
    userSummarySchema.parse({
      users: [
        {
          ...child,
          roles: ['User'],
          poolType: 'Default',
          poolId: child.id,
          poolName: 'Default Pool',
          groupedLicenses: held,
        },
      ],
    }),
  );
}

export function poolSummaryReply(pool: { id: string; name: string }, held: GroupedLicense[]) {
  return ok([
    poolSummarySchema.parse({ poolId: pool.id, poolName: pool.name, poolType: 'Pool', groupedLicenses: held }),
  ]);
}

export function allocationResult(target: { id: string; name: string; isUser: boolean }, moved: number) {
  return allocationResultSchema.parse({
    targetId: target.id,
    targetName: target.name,
    targetType: target.isUser ? 'User' : 'Pool',
    items: [{ groupKey: 'MBX|Standard|Fixed|365|NodeLocked', productCode: 'MBX', requested: moved, moved }],
  });
}

export function myAllocation(overrides: Partial<MyAllocationGroup> = {}): MyAllocationGroup {
  return myAllocationGroupSchema.parse({
    groupKey: 'MBX|Standard|Fixed|365|NodeLocked',
    productCode: 'MBX',
    name: 'Mailbox Migration',
    description: 'Moves one mailbox',
    edition: 'Standard',
    durationType: 'Fixed',
    usageType: 'NodeLocked',
    duration: 365,
    totalCount: 20,
    availableCount: 12,
    consumedCount: 3,
    inTransitCount: 1,
    allocatedCount: 4,
    groupingFactors: { ProductCode: 'MBX', Duration: 365, Edition: 'Standard' },
    ...overrides,
  });
}

export function allocationRow(overrides: Partial<ProductAllocationRow> = {}): ProductAllocationRow {
  const base = groupedLicense(overrides);
  return productAllocationRowSchema.parse({
    ...base,
    productDescription: 'Moves one mailbox',
    totalQuantity: base.totalCount,
    availableQuantity: base.availableCount,
    consumedQuantity: base.consumedCount,
    allocatedQuantity: 0,
    inTransitQuantity: base.inTransitCount,
    expiredQuantity: 0,
    poolName: 'Default Pool',
    ...overrides,
  });
}

/** A lot of 25 that expired unused: nothing available, used or in transit, all 25 expired. */
export const expiredLot = (): ProductAllocationRow =>
  allocationRow({
    totalCount: 25,
    totalQuantity: 25,
    availableCount: 0,
    availableQuantity: 0,
    consumedCount: 0,
    inTransitCount: 0,
    expiredQuantity: 25,
  });

/** The columns of a stock table (License Allocations, and the Dashboard's own stock), in order. */
export const STOCK_COLUMNS = [
  'Product',
  'Edition',
  'Duration',
  'Usage',
  'Total',
  'Available',
  'Consumed',
  'In Transit',
  'Allocated',
];

/** The row menu of a shared pool, as an Admin sees it, in order. */
export const POOL_ROW_MENU = ['Allocate Licenses', 'Revoke Licenses', 'View Pool Users', 'Edit Pool'];

export function poolAllocations(overrides: Partial<PoolAllocations> = {}): PoolAllocations {
  return poolAllocationsSchema.parse({
    poolId: '77777777-7777-4777-8777-777777777777',
    poolName: 'Default Pool',
    poolType: 'Default',
    productAllocations: [],
    ...overrides,
  });
}

export function hierarchy(overrides: Partial<AllocationHierarchy> = {}): AllocationHierarchy {
  return allocationHierarchySchema.parse({
    defaultPool: poolAllocations(),
    customPools: [],
    childUsers: [],
    parentAccountPool: null,
    ...overrides,
  });
}

/** The dashboard's one call, with nothing anywhere: for tests that only pass through /dashboard. */
export const emptyDashboard = { 'GET /api/LicensePool/user-allocation-hierarchy': ok(hierarchy()) };

function parseAll<T>(items: T[], schema: { parse: (value: unknown) => T }): T[] {
  return items.map((item) => schema.parse(item));
}

/**
 * The dashboard's consumption chart (GET LicenseMovement/consumption): `days` days ending
 * 2026-11-21, with 3 MBX units on the last day and 2 ARC units on the day before.
 */
export function consumption(days: 30 | 90 = 30): ConsumptionSeries {
  const end = Date.UTC(2026, 10, 21);
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const units = (date: string) =>
    date === '2026-11-21' ? { MBX: 3, ARC: 0 } : date === '2026-11-20' ? { MBX: 0, ARC: 2 } : { MBX: 0, ARC: 0 };
  return consumptionSeriesSchema.parse({
    days,
    from: dates[0],
    to: dates.at(-1),
    products: [
      { productCode: 'MBX', productName: 'Mailbox Migration', units: 3 },
      { productCode: 'ARC', productName: 'Archive Migration', units: 2 },
    ],
    points: dates.map((date) => {
      const byProduct = units(date);
      return { date, total: byProduct.MBX + byProduct.ARC, byProduct };
    }),
  });
}
