import type { DashboardSectionId, MyAllocationGroup } from '@portal/contracts/licenses';
import { usageTypeLabel } from '@portal/contracts/labels';
import type { CsvColumn } from '../../lib/csv';
import type { DashboardExportRow } from './dashboard.queries';

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
