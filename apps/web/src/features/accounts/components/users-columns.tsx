import type { ChildAccount } from '@portal/contracts/accounts';
import type { ColumnDef } from '@tanstack/react-table';
import { selectColumn } from '@/components/data-table/select-column';
import { formatDate } from '@/lib/format';
import { StatusBadge } from './status-badge';
import { UserRowActions } from './user-row-actions';

const BASE_COLUMNS: ColumnDef<ChildAccount>[] = [
  {
    accessorKey: 'name',
    header: 'Full Name',
    cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
  },
  { accessorKey: 'email', header: 'Email', meta: { secondary: true } },
  {
    accessorKey: 'active',
    header: 'Status',
    meta: { secondary: true },
    cell: ({ row }) => <StatusBadge active={row.original.active} />,
  },
  {
    accessorKey: 'poolName',
    header: 'Pool',
    meta: { secondary: true },
    cell: ({ row }) => row.original.poolName ?? <span className="text-muted-foreground">Individual</span>,
  },
  {
    accessorKey: 'createdAt',
    header: 'Created At',
    meta: { secondary: true },
    cell: ({ row }) => <span className="tabular-nums">{formatDate(row.original.createdAt)}</span>,
  },
];

const ACTIONS_COLUMN: ColumnDef<ChildAccount> = {
  id: 'actions',
  header: () => <span className="sr-only">Actions</span>,
  meta: { className: 'w-12 text-right' },
  cell: ({ row }) => <UserRowActions row={row.original} />,
};

/** Ticks rows for a bulk change (decision 049). */
const SELECT_COLUMN = selectColumn<ChildAccount>({
  label: 'Select all users on this page',
  rowLabel: (row) => `Select ${row.name} (${row.email})`,
});

/** docs/product.md, "Users screen": an Auditor's table has no actions column (nor checkboxes) at all. */
export function usersColumns(canWrite: boolean): ColumnDef<ChildAccount>[] {
  return canWrite ? [SELECT_COLUMN, ...BASE_COLUMNS, ACTIONS_COLUMN] : BASE_COLUMNS;
}
