import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import { useMemo, type ReactNode } from 'react';
import { BulkBar } from '@/components/bulk/bulk-bar';
import type { BulkSelectionState } from '@/components/bulk/use-bulk-selection';
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
  /** Writers tick rows for a bulk change; `bulkActions` are its buttons. */
  selection?: BulkSelectionState;
  bulkActions?: ReactNode;
};

/** The Users list: filtered and paged on the server. */
export function UsersTable(props: UsersTableProps) {
  const { urlState, rows, totalCount, isLoading, isFetching, error, selection, bulkActions } = props;
  const { canWrite } = useUsers();
  const columns = useMemo(() => usersColumns(canWrite), [canWrite]);
  const table = useServerTable({
    data: rows,
    columns,
    totalCount,
    urlState,
    getRowId: (row) => row.id,
    selection:
      canWrite && selection ? { state: selection.rowSelection, onChange: selection.setRowSelection } : undefined,
  });

  return (
    <div className="grid gap-4">
      {selection && (
        <BulkBar
          selection={selection}
          pageRows={rows?.length ?? 0}
          pageAllTicked={table.getIsAllPageRowsSelected()}
          totalCount={totalCount}
          noun={t`users`}
        >
          {bulkActions}
        </BulkBar>
      )}
      <ListTable
        table={table}
        label={t`Users`}
        views
        pageSizes={USERS_PAGE_SIZES}
        query={{ isPending: isLoading, isPlaceholderData: isFetching, error }}
        filter={{ value: urlState.filter, onChange: urlState.onFilterChange, placeholder: t`Filter accounts...` }}
      />
    </div>
  );
}
