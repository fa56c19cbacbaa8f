import type { DashboardSectionId, LicenseMovement, MyAllocationGroup } from '@portal/contracts/licenses';
import { MOVEMENT_TARGET_LABELS, usageTypeLabel } from '@portal/contracts/labels';
import type { CsvColumn } from '../../lib/csv';
import type { DashboardExportRow } from './dashboard.queries';

/** The columns of the License Movements export (allocations.routes.ts), as the list shows them. */
export const MOVEMENT_COLUMNS: readonly CsvColumn<LicenseMovement>[] = [
  { header: 'Date', value: (m) => m.createdAt },
  { header: 'Action', value: (m) => m.action },
  { header: 'Product code', value: (m) => m.productCode },
  { header: 'Product', value: (m) => m.productName },
  { header: 'Quantity', value: (m) => m.quantityChange },
  { header: 'Source pool', value: (m) => m.sourcePoolName },
  { header: 'Target', value: (m) => m.targetName },
  { header: 'Target type', value: (m) => MOVEMENT_TARGET_LABELS[m.targetType] },
  { header: 'By', value: (m) => m.actorName },
  { header: 'By email', value: (m) => m.actorEmail },
];

/** What every stock export says of a product group. */
const groupColumns = <
  T extends { productCode: string; edition: string; durationType: string; usageType: string; duration: number | null },
>(
  nameOf: (row: T) => string,
): CsvColumn<T>[] => [
  { header: 'Product code', value: (r) => r.productCode },
  { header: 'Product', value: nameOf },
  { header: 'Edition', value: (r) => r.edition },
  { header: 'Duration type', value: (r) => r.durationType },
  { header: 'Duration (days)', value: (r) => r.duration },
  { header: 'Usage type', value: (r) => usageTypeLabel(r.usageType) },
];

/** The columns of the License Allocations export. */
export const MY_SUMMARY_COLUMNS: readonly CsvColumn<MyAllocationGroup>[] = [
  ...groupColumns<MyAllocationGroup>((r) => r.name),
  { header: 'Total', value: (r) => r.totalCount },
  { header: 'Available', value: (r) => r.availableCount },
  { header: 'Consumed', value: (r) => r.consumedCount },
  { header: 'In transit', value: (r) => r.inTransitCount },
  { header: 'Allocated', value: (r) => r.allocatedCount },
];

const DASHBOARD_COUNTS: CsvColumn<DashboardExportRow>[] = [
  ...groupColumns<DashboardExportRow>((r) => r.productName),
  { header: 'Total', value: (r) => r.totalQuantity },
  { header: 'Available', value: (r) => r.availableQuantity },
  { header: 'Consumed', value: (r) => r.consumedQuantity },
  { header: 'In transit', value: (r) => r.inTransitQuantity },
];

/** The columns of each section, as the dashboard shows them (the shared pools name the pool, users the user). */
export const DASHBOARD_COLUMNS: Record<DashboardSectionId, readonly CsvColumn<DashboardExportRow>[]> = {
  own: [...DASHBOARD_COUNTS, { header: 'Allocated', value: (r) => r.allocatedQuantity }],
  account: [{ header: 'Pool', value: (r) => r.poolName }, ...DASHBOARD_COUNTS],
  shared: [{ header: 'Pool', value: (r) => r.poolName }, ...DASHBOARD_COUNTS],
  users: [
    { header: 'User', value: (r) => r.userName },
    { header: 'User email', value: (r) => r.childEmail },
    ...DASHBOARD_COUNTS,
  ],
};
