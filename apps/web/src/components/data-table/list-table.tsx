import type { Table } from '@tanstack/react-table';
import { lazy, type ReactNode, Suspense, useContext } from 'react';
import { DataTable } from './data-table';
import { DataTablePagination } from './data-table-pagination';
import { DataTableToolbar } from './data-table-toolbar';

import { withAreas } from '@/lib/i18n';
import { ListViewsSlot } from './list-views-slot';

// The Display menu (decision 050) loads after the list, in its own chunk.
// Its messages are the lists area's (decision 052), fetched with it.
const DataTableDisplay = lazy(() =>
  withAreas(() => import('./data-table-display'), 'lists').then((m) => ({ default: m.DataTableDisplay })),
) as unknown as <TData>(props: { table: Table<TData> }) => ReactNode;

/** The state of the list's request, as TanStack Query gives it. */
export type ListQueryState = { isPending: boolean; isPlaceholderData: boolean; error: unknown };

/** The filter box above the list: its text, kept by the page (usually in the URL). */
export type ListFilterBox = {
  value: string;
  onChange: (filter: string) => void;
  placeholder: string;
  /** Names the box when the page has more than one list. */
  label?: string;
};

type ListTableProps<TData> = {
  table: Table<TData>;
  /** Names the table for screen readers (usually the page or section title). */
  label: string;
  pageSizes: readonly number[];
  /** The request behind the rows: first load, a later one (rows dimmed), its failure. None: rows at hand. */
  query?: ListQueryState;
  /** The filter box; a list without one has no toolbar. */
  filter?: ListFilterBox;
  /** More filters, beside the filter box. */
  children?: ReactNode;
  emptyText?: string;
  /**
   * The Views and Display menus: a list whose state is its URL (useTableUrlState) can be saved as a
   * view of its page, hide columns and change density.
   */
  views?: boolean;
};

/**
 * A list page's table: the toolbar (filter box and the page's own filters), the table with its
 * loading, error and empty states, and the pagination under it. Every list of the app is one.
 */
export function ListTable<TData>({
  table,
  label,
  pageSizes,
  query,
  filter,
  children,
  emptyText,
  views = false,
}: ListTableProps<TData>) {
  const viewsMenu = useContext(ListViewsSlot);
  // Until its menus load, their row keeps their height: the table under them does not jump.
  const viewMenus = views && (
    <Suspense fallback={<div className="h-9" />}>
      <div className="flex items-center gap-2">
        {viewsMenu}
        <DataTableDisplay table={table} />
      </div>
    </Suspense>
  );
  return (
    <>
      {filter ? (
        <DataTableToolbar
          filter={filter.value}
          onFilterChange={filter.onChange}
          placeholder={filter.placeholder}
          label={filter.label}
        >
          {children}
          {viewMenus}
        </DataTableToolbar>
      ) : (
        viewMenus && <div className="flex justify-end">{viewMenus}</div>
      )}
      <DataTable
        table={table}
        label={label}
        isLoading={query?.isPending}
        isFetching={query?.isPlaceholderData}
        error={query?.error}
        emptyText={emptyText}
      />
      <DataTablePagination table={table} pageSizes={pageSizes} />
    </>
  );
}
