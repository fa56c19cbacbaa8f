import { t } from '@lingui/core/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { Badge } from '@/components/ui/badge';
import type { DashboardRow, DashboardSectionId } from './dashboard-sections';
import { countColumns, inLanguageShown, productColumns } from './stock-columns';

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

/**
 * Whether a group's lots expired, as its row says: 'Expired' when nothing else is left of its
 * total (Total 25, zeros everywhere), else how many of its units expired unused.
 */
export function expiredLabel(row: DashboardRow): string | null {
  if (row.expiredQuantity <= 0) return null;
  return row.expiredQuantity === row.totalQuantity ? t`Expired` : t`${row.expiredQuantity} expired`;
}

const [productColumn, ...groupColumns] = productColumns<DashboardRow>((row) => row.productName);
const PRODUCT: ColumnDef<DashboardRow>[] = [
  {
    ...productColumn!,
    cell: ({ row }) => {
      const expired = expiredLabel(row.original);
      return (
        <span className="grid justify-items-start">
          <span className="font-medium">{row.original.productName}</span>
          <span className="text-xs text-muted-foreground">{row.original.productCode}</span>
          {expired && (
            <Badge variant="destructive" className="mt-1">
              {expired}
            </Badge>
          )}
        </span>
      );
    },
  },
  ...groupColumns,
];

/** The grouped license's columns; the shared pools name the pool, the users section the user. */
const COLUMNS: Record<DashboardSectionId, ColumnDef<DashboardRow>[]> = {
  own: [...PRODUCT, ...COUNTS, ...ALLOCATED],
  account: [...PRODUCT, ...COUNTS],
  shared: [poolColumn, ...PRODUCT, ...COUNTS],
  users: [userColumn, ...PRODUCT, ...COUNTS],
};

export function dashboardColumns(section: DashboardSectionId): ColumnDef<DashboardRow>[] {
  return inLanguageShown(COLUMNS[section]);
}
