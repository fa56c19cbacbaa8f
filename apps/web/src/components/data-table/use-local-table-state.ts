import type { PaginationState, VisibilityState } from '@tanstack/react-table';
import { useState } from 'react';
import type { TableUrlState } from './use-table-url-state';

const NO_FILTER = () => {};
const NO_SORT = () => {};

/**
 * A table's paging and columns kept in the component, not in the URL: for a list that is part of a
 * page with others (an import's rows, an endpoint's deliveries), which is neither sorted nor saved as
 * a view.
 */
export function useLocalTableState(defaultPageSize: number) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const state: TableUrlState = {
    pagination,
    onPaginationChange: setPagination,
    filter: '',
    onFilterChange: NO_FILTER,
    sorting: [],
    onSortingChange: NO_SORT,
    columnVisibility,
    onColumnVisibilityChange: setColumnVisibility,
  };
  return { state, toFirstPage: () => setPagination((current) => ({ ...current, pageIndex: 0 })) };
}
