import type { ChildAccount } from '@portal/contracts/accounts';
import { useMemo } from 'react';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import type { TableUrlState } from '@/components/data-table/use-table-url-state';
import { usersColumns } from './users-columns';
import { useUsers } from './users-provider';

/** docs/product.md: the child accounts table pages by 10, 20, 30, 40 or 50 (default 10). */
export const USERS_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

type UsersTableProps = {
  urlState: TableUrlState;
  rows: ChildAccount[] | undefined;
  totalCount: number | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
};

/** The Users list: filtered and paged on the server. */
export function UsersTable({ urlState, rows, totalCount, isLoading, isFetching, error }: UsersTableProps) {
  const { canWrite } = useUsers();
  const columns = useMemo(() => usersColumns(canWrite), [canWrite]);
  const table = useServerTable({ data: rows, columns, totalCount, urlState, getRowId: (row) => row.id });

  return (
    <div className="grid gap-4">
      <ListTable
        table={table}
        label="Users"
        pageSizes={USERS_PAGE_SIZES}
        query={{ isPending: isLoading, isPlaceholderData: isFetching, error }}
        filter={{ value: urlState.filter, onChange: urlState.onFilterChange, placeholder: 'Filter accounts...' }}
      />
    </div>
  );
}
