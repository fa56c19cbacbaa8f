import { t } from '@lingui/core/macro';
import type { AccountUser } from '@portal/contracts/accounts';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTableColumnHeader } from '@/components/data-table/data-table-column-header';
import { Badge } from '@/components/ui/badge';
import { StatusBadge } from './status-badge';

/** docs/product.md, "Account user": name, email, active, roles. */
export const allAccountsColumns = (): ColumnDef<AccountUser>[] => [
  {
    accessorKey: 'name',
    header: ({ column }) => <DataTableColumnHeader column={column} title={t`Name`} />,
    cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
  },
  { accessorKey: 'email', header: ({ column }) => <DataTableColumnHeader column={column} title={t`Email`} /> },
  {
    accessorKey: 'active',
    header: ({ column }) => <DataTableColumnHeader column={column} title={t`Status`} />,
    cell: ({ row }) => <StatusBadge active={row.original.active} />,
  },
  {
    accessorKey: 'roles',
    header: t`Roles`,
    enableSorting: false,
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        {row.original.roles.map((role) => (
          <Badge key={role} variant={role === 'SuperAdmin' ? 'default' : 'secondary'}>
            {role}
          </Badge>
        ))}
      </div>
    ),
  },
];
