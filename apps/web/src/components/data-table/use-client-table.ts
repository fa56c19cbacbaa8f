import {
  type ColumnDef,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  type PaginationState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';

type ClientTableOptions<TData> = {
  data: readonly TData[];
  columns: ColumnDef<TData>[];
  defaultPageSize: number;
  getRowId?: (row: TData) => string;
};

const EMPTY: never[] = [];

/**
 * A table whose rows are all on the client (several on one page, so their state is local, not in
 * the URL): the filter matches any column's text, and the pages are cut here.
 */
export function useClientTable<TData>({ data, columns, defaultPageSize, getRowId }: ClientTableOptions<TData>) {
  const [filter, setFilter] = useState('');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  // TanStack Table returns a stable instance whose methods read the latest options; that is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: (data.length === 0 ? EMPTY : data) as TData[],
    columns,
    getRowId,
    state: { globalFilter: filter, pagination },
    onGlobalFilterChange: setFilter,
    onPaginationChange: setPagination,
    globalFilterFn: 'includesString',
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  return {
    table,
    filter,
    /** A new filter starts again at the first page. */
    onFilterChange: (value: string) => {
      setFilter(value);
      setPagination((current) => ({ ...current, pageIndex: 0 }));
    },
  };
}
