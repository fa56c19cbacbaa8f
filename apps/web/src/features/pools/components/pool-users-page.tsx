import { t } from '@lingui/core/macro';
import type { AccountRef } from '@portal/contracts/accounts';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/page-header';
import { usePoolUsers } from '../api/get-pool-users';
import { BackToPools } from './back-to-pools';
import { memberColumns } from './member-columns';

const EMPTY: AccountRef[] = [];

/** `/pool/users/{poolId}?poolName=…` (docs/product.md): the pool's members, read-only. */
export function PoolUsersPage({ poolId, poolName }: { poolId: string; poolName: string }) {
  const users = usePoolUsers(poolId);
  const columns = useMemo(() => memberColumns(), []);
  const title = t`User in Pool ${poolName}`;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table's instance is stable by design.
  const table = useReactTable({
    data: users.data ?? EMPTY,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
  });

  return (
    <div className="grid gap-6">
      <BackToPools />
      <PageHeader title={title} />
      <DataTable
        table={table}
        label={title}
        isLoading={users.isPending}
        error={users.error}
        emptyText={t`No users found.`}
      />
    </div>
  );
}
