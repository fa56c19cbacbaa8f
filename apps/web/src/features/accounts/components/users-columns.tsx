import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import type { ColumnDef } from '@tanstack/react-table';
import { selectColumn } from '@/components/data-table/select-column';
import { formatDate } from '@/lib/format';
import { StatusBadge } from './status-badge';
import { UserRowActions } from './user-row-actions';

/** Built at render: the headers are in the language shown; the column ids (saved views) stay. */
const baseColumns = (): ColumnDef<ChildAccount>[] => [
  {
    accessorKey: 'name',
    header: t`Full Name`,
    cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
  },
  { accessorKey: 'email', header: t`Email`, meta: { secondary: true } },
  {
    accessorKey: 'active',
    header: t`Status`,
    meta: { secondary: true },
    cell: ({ row }) => <StatusBadge active={row.original.active} />,
  },
  {
    accessorKey: 'poolName',
    header: t`Pool`,
    meta: { secondary: true },
    cell: ({ row }) => row.original.poolName ?? <span className="text-muted-foreground">{t`Individual`}</span>,
  },
  {
    accessorKey: 'createdAt',
    header: t`Created At`,
    meta: { secondary: true },
    cell: ({ row }) => <span className="tabular-nums">{formatDate(row.original.createdAt)}</span>,
  },
];

const actionsColumn = (): ColumnDef<ChildAccount> => ({
  id: 'actions',
  header: () => <span className="sr-only">{t`Actions`}</span>,
  meta: { className: 'w-12 text-right' },
  cell: ({ row }) => <UserRowActions row={row.original} />,
});

/** Ticks rows for a bulk change (decision 049). */
const selectUsers = () =>
  selectColumn<ChildAccount>({
    label: t`Select all users on this page`,
    rowLabel: (row) => t`Select ${row.name} (${row.email})`,
  });

/** docs/product.md, "Users screen": an Auditor's table has no actions column (nor checkboxes) at all. */
export function usersColumns(canWrite: boolean): ColumnDef<ChildAccount>[] {
  return canWrite ? [selectUsers(), ...baseColumns(), actionsColumn()] : baseColumns();
}
