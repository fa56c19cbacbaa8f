import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { TableUrlState } from './use-table-url-state';

type ServerTableOptions<TData> = {
  data: readonly TData[] | undefined;
  columns: ColumnDef<TData>[];
  /** The server's pageInfo.totalCount; undefined while the first page loads. */
  totalCount: number | undefined;
  urlState: TableUrlState;
  getRowId?: (row: TData) => string;
};

const EMPTY: never[] = [];

/** A table paged on the server: it shows the rows it is given and asks the URL for other pages. */
export function useServerTable<TData>({ data, columns, totalCount, urlState, getRowId }: ServerTableOptions<TData>) {
  // TanStack Table returns a stable instance whose methods read the latest options; that is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    data: (data ?? EMPTY) as TData[],
    columns,
    getRowId,
    rowCount: totalCount ?? 0,
    manualPagination: true,
    manualFiltering: true,
    enableSorting: false,
    state: { pagination: urlState.pagination },
    onPaginationChange: urlState.onPaginationChange,
    getCoreRowModel: getCoreRowModel(),
  });
}
