import {
  type ColumnDef,
  getCoreRowModel,
  type OnChangeFn,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import type { TableUrlState } from './use-table-url-state';

type ServerTableOptions<TData> = {
  data: readonly TData[] | undefined;
  columns: ColumnDef<TData>[];
  /** The server's pageInfo.totalCount; undefined while the first page loads. */
  totalCount: number | undefined;
  urlState: TableUrlState;
  getRowId?: (row: TData) => string;
  /** Sorting done by the server; without it the columns do not sort. */
  sorting?: { state: SortingState; onChange: OnChangeFn<SortingState> };
};

const EMPTY: never[] = [];

/** A table paged on the server: it shows the rows it is given and asks the URL for other pages. */
export function useServerTable<TData>({
  data,
  columns,
  totalCount,
  urlState,
  getRowId,
  sorting,
}: ServerTableOptions<TData>) {
  // TanStack Table returns a stable instance whose methods read the latest options; that is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    data: (data ?? EMPTY) as TData[],
    columns,
    getRowId,
    rowCount: totalCount ?? 0,
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
    enableSorting: Boolean(sorting),
    state: { pagination: urlState.pagination, ...(sorting && { sorting: sorting.state }) },
    onPaginationChange: urlState.onPaginationChange,
    onSortingChange: sorting?.onChange,
    getCoreRowModel: getCoreRowModel(),
  });
}
