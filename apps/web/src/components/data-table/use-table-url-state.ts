import type { OnChangeFn, PaginationState, SortingState, VisibilityState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type TableUrlStateOptions = {
  /** The page sizes the spec allows for this list; any other `pageSize` in the URL is ignored. */
  pageSizes: readonly number[];
  defaultPageSize: number;
};

export type TableUrlState = {
  /** Zero-based, as TanStack Table counts; the URL's `page` starts at 1. */
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  filter: string;
  onFilterChange: (filter: string) => void;
  /** The order the server sorts by (`sort=name`, `sort=-name` descending); the page decides which ids it takes. */
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  /** The columns the person hid (`hide=email,roles`): a saved view keeps them with the filters. */
  columnVisibility: VisibilityState;
  onColumnVisibilityChange: OnChangeFn<VisibilityState>;
};

const KEYS = { page: 'page', pageSize: 'pageSize', filter: 'filter', sort: 'sort', hide: 'hide' } as const;
const COLUMN_ID = /^[A-Za-z][\w.]{0,40}$/;

/** `sort=-name` as TanStack Table's sorting state: one column, descending when it starts with `-`. */
export function readSorting(value: string | null): SortingState {
  if (!value) return [];
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return COLUMN_ID.test(id) ? [{ id, desc }] : [];
}

/** `hide=email,roles` as TanStack Table's visibility state. */
export function readHidden(value: string | null): VisibilityState {
  const ids = (value ?? '').split(',').filter((id) => COLUMN_ID.test(id));
  return Object.fromEntries(ids.map((id) => [id, false]));
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Reads the URL's `page`, `pageSize` and `filter`, falling back to defaults for anything invalid. */
export function readTableUrlState(params: URLSearchParams, { pageSizes, defaultPageSize }: TableUrlStateOptions) {
  const size = positiveInt(params.get(KEYS.pageSize));
  return {
    page: positiveInt(params.get(KEYS.page)) ?? 1,
    pageSize: size !== undefined && pageSizes.includes(size) ? size : defaultPageSize,
    filter: params.get(KEYS.filter) ?? '',
  };
}

/**
 * A table's page, page size and filter kept in the URL (shadcn-admin's use-table-url-state), so a
 * reload or a shared link shows the same rows. Defaults stay out of the URL; paging pushes a history
 * entry, filtering replaces it (one entry per search, not per keystroke) and goes back to page 1.
 */
export function useTableUrlState(options: TableUrlStateOptions): TableUrlState {
  const [params, setParams] = useSearchParams();
  const { page, pageSize, filter } = readTableUrlState(params, options);
  const { defaultPageSize } = options;
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize }), [page, pageSize]);
  const sortText = params.get(KEYS.sort);
  const hideText = params.get(KEYS.hide);
  const sorting = useMemo(() => readSorting(sortText), [sortText]);
  const columnVisibility = useMemo(() => readHidden(hideText), [hideText]);

  const onPaginationChange = useCallback<OnChangeFn<PaginationState>>(
    (updater) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      setParams((previous) => {
        const params = new URLSearchParams(previous);
        setOrDelete(params, KEYS.page, next.pageIndex + 1, 1);
        setOrDelete(params, KEYS.pageSize, next.pageSize, defaultPageSize);
        return params;
      });
    },
    [pagination, setParams, defaultPageSize],
  );

  const onFilterChange = useCallback(
    (value: string) => {
      setParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          setOrDelete(params, KEYS.filter, value, '');
          params.delete(KEYS.page);
          return params;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // A new order starts again at the first page.
  const onSortingChange = useCallback<OnChangeFn<SortingState>>(
    (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      setParams((previous) => {
        const params = new URLSearchParams(previous);
        setOrDelete(params, KEYS.sort, next ? `${next.desc ? '-' : ''}${next.id}` : '', '');
        params.delete(KEYS.page);
        return params;
      });
    },
    [sorting, setParams],
  );

  const onColumnVisibilityChange = useCallback<OnChangeFn<VisibilityState>>(
    (updater) => {
      const next = typeof updater === 'function' ? updater(columnVisibility) : updater;
      const hidden = Object.keys(next).filter((id) => next[id] === false);
      setParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          setOrDelete(params, KEYS.hide, hidden.join(','), '');
          return params;
        },
        { replace: true },
      );
    },
    [columnVisibility, setParams],
  );

  return {
    pagination,
    onPaginationChange,
    filter,
    onFilterChange,
    sorting,
    onSortingChange,
    columnVisibility,
    onColumnVisibilityChange,
  };
}

function setOrDelete(params: URLSearchParams, key: string, value: string | number, fallback: string | number) {
  if (value === fallback) params.delete(key);
  else params.set(key, String(value));
}
