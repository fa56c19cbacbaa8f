import { t } from '@lingui/core/macro';
import type { AccountRef } from '@portal/contracts/accounts';
import type { ColumnDef } from '@tanstack/react-table';

/** A pool member, or an account that may join: `currentPoolName` is the other shared pool it is in. */
export type MemberRow = AccountRef & { currentPoolName?: string | null };

/** What the pool manager says of an account in another shared pool: joining this one moves it. */
export const willMoveText = (poolName: string) => t`Currently in pool ${poolName}, will be moved`;

/** docs/product.md, "Pool member": Name and Email. */
export const memberColumns = (): ColumnDef<MemberRow>[] => [
  {
    accessorKey: 'name',
    header: t`Name`,
    cell: ({ row }) => (
      <>
        <span className="font-medium">{row.original.name}</span>
        {row.original.currentPoolName && (
          <span className="block text-xs text-muted-foreground">{willMoveText(row.original.currentPoolName)}</span>
        )}
      </>
    ),
  },
  // Long addresses wrap rather than push the half-width tables of the pool manager sideways.
  { accessorKey: 'email', header: t`Email`, meta: { className: 'whitespace-normal [overflow-wrap:anywhere]' } },
];
