import { t } from '@lingui/core/macro';
import type { Pool } from '@portal/contracts/pools';
import type { ColumnDef } from '@tanstack/react-table';
import { selectColumn } from '@/components/data-table/select-column';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { PoolRowActions } from './pool-row-actions';
import { usePoolsScreen } from './pools-provider';

function AllocationsButton({ pool }: { pool: Pool }) {
  const { openRow } = usePoolsScreen();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t`View allocations of ${pool.name}`}
      onClick={() => openRow('allocations', pool)}
    >
      {t`View`}
    </Button>
  );
}

function ActionsCell({ pool }: { pool: Pool }) {
  const { canWrite } = usePoolsScreen();
  if (!canWrite) return <span className="px-3 text-muted-foreground">-</span>;
  return <PoolRowActions pool={pool} />;
}

/** docs/product.md, "License Pools screen": others than Admin/SuperAdmin see a dash for the menu. */
export const poolsColumns = (): ColumnDef<Pool>[] => [
  { accessorKey: 'name', header: t`Name`, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
  {
    accessorKey: 'description',
    header: t`Description`,
    meta: { className: 'min-w-48 max-w-96 whitespace-normal', secondary: true },
    cell: ({ row }) => <span className="line-clamp-2 text-muted-foreground">{row.original.description}</span>,
  },
  {
    accessorKey: 'userCount',
    header: t`Users`,
    meta: { className: 'text-right tabular-nums', secondary: true },
  },
  {
    accessorKey: 'createdAt',
    header: t`Created At`,
    meta: { secondary: true },
    cell: ({ row }) => <span className="tabular-nums">{formatDate(row.original.createdAt)}</span>,
  },
  {
    id: 'allocations',
    header: t`Allocations`,
    cell: ({ row }) => <AllocationsButton pool={row.original} />,
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">{t`Actions`}</span>,
    meta: { className: 'w-12 text-right' },
    cell: ({ row }) => <ActionsCell pool={row.original} />,
  },
];

/** The pools' columns with a leading checkbox for a bulk Allocate or Revoke (decision 049). */
export const selectablePoolsColumns = (): ColumnDef<Pool>[] => [
  selectColumn<Pool>({ label: t`Select all pools on this page`, rowLabel: (row) => t`Select ${row.name}` }),
  ...poolsColumns(),
];
