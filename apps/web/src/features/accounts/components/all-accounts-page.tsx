import type { AccountUser } from '@portal/contracts/accounts';
import {
  type FilterFn,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { DataTablePagination } from '@/components/data-table/data-table-pagination';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { PageHeader } from '@/components/page-header';
import { useAccounts } from '../api/get-accounts';
import { allAccountsColumns } from './all-accounts-columns';

/** Spec section 9: the accounts list is paged in the browser, 10 to 50 rows (default 10). */
const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
const EMPTY: AccountUser[] = [];

/** Name, email or a role contains the filter text, ignoring case. */
const matchesAccount: FilterFn<AccountUser> = (row, _columnId, filter: string) => {
  const needle = filter.trim().toLowerCase();
  const { name, email, roles } = row.original;
  return [name, email, ...roles].some((value) => value.toLowerCase().includes(needle));
};

/** `/users` (SuperAdmin): every account of the portal. */
export function AllAccountsPage() {
  const accounts = useAccounts();
  const urlState = useTableUrlState({ pageSizes: PAGE_SIZES, defaultPageSize: 10 });
  const [sorting, setSorting] = useState<SortingState>([]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table's instance is stable by design.
  const table = useReactTable({
    data: accounts.data ?? EMPTY,
    columns: allAccountsColumns,
    getRowId: (row) => row.id,
    state: { pagination: urlState.pagination, globalFilter: urlState.filter, sorting },
    onPaginationChange: urlState.onPaginationChange,
    onSortingChange: setSorting,
    globalFilterFn: matchesAccount,
    // The page lives in the URL: a reload on page 3 stays on page 3 once the rows arrive.
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  return (
    <div className="grid gap-6">
      <PageHeader title="All Accounts" description="Every account of the portal, with its roles and status." />
      <div className="grid gap-4">
        <DataTableToolbar
          filter={urlState.filter}
          onFilterChange={urlState.onFilterChange}
          placeholder="Filter accounts..."
        />
        <DataTable table={table} label="All Accounts" isLoading={accounts.isPending} error={accounts.error} />
        <DataTablePagination table={table} pageSizes={PAGE_SIZES} />
      </div>
    </div>
  );
}
