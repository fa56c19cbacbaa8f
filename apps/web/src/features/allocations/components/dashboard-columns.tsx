import type { ColumnDef } from '@tanstack/react-table';
import type { DashboardRow, DashboardSectionId } from './dashboard-sections';
import { countColumns, productColumns } from './stock-columns';

const poolColumn: ColumnDef<DashboardRow> = {
  id: 'pool',
  header: 'Pool',
  accessorFn: (row) => row.poolName,
  meta: { secondary: true },
};

const userColumn: ColumnDef<DashboardRow> = {
  id: 'user',
  header: 'User',
  accessorFn: (row) => `${row.userName ?? ''} ${row.userEmail ?? ''}`,
  meta: { secondary: true },
  cell: ({ row }) => (
    <span className="grid">
      <span>{row.original.userName}</span>
      <span className="text-xs text-muted-foreground">{row.original.userEmail}</span>
    </span>
  ),
};

const COUNTS = countColumns<DashboardRow>([
  ['Total', (row) => row.totalCount],
  ['Available', (row) => row.availableCount],
  ['Consumed', (row) => row.consumedCount],
  ['In Transit', (row) => row.inTransitCount],
]);

const ALLOCATED = countColumns<DashboardRow>([['Allocated', (row) => row.allocatedQuantity]]);

const PRODUCT = productColumns<DashboardRow>((row) => row.productName);

/** The grouped license's columns; the shared pools name the pool, the users section the user. */
export const dashboardColumns: Record<DashboardSectionId, ColumnDef<DashboardRow>[]> = {
  own: [...PRODUCT, ...COUNTS, ...ALLOCATED],
  account: [...PRODUCT, ...COUNTS],
  shared: [poolColumn, ...PRODUCT, ...COUNTS],
  users: [userColumn, ...PRODUCT, ...COUNTS],
};
