import {
  type ColumnDef,
  getCoreRowModel,
  type OnChangeFn,
  type RowSelectionState,
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
  /** Ticked rows (by getRowId), kept by the page across pages: a bulk change's selection. */
  selection?: { state: RowSelectionState; onChange: (state: RowSelectionState) => void };
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
  selection,
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
    state: {
      pagination: urlState.pagination,
      columnVisibility: urlState.columnVisibility,
      ...(sorting && { sorting: sorting.state }),
      ...(selection && { rowSelection: selection.state }),
    },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: selection
      ? (updater) => selection.onChange(typeof updater === 'function' ? updater(selection.state) : updater)
      : undefined,
    onPaginationChange: urlState.onPaginationChange,
    onColumnVisibilityChange: urlState.onColumnVisibilityChange,
    onSortingChange: sorting?.onChange,
    getCoreRowModel: getCoreRowModel(),
  });
}
