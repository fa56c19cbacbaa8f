import type { Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { ListTable, type ListFilterBox, type ListQueryState } from './list-table';

type ListPageProps<TData> = {
  /** The page's h1; it also names the table for screen readers. */
  title: string;
  description?: ReactNode;
  /** Buttons at the end of the header, e.g. the CSV export. */
  actions?: ReactNode;
  table: Table<TData>;
  pageSizes: readonly number[];
  query?: ListQueryState;
  filter?: ListFilterBox;
  /** More filters, beside the filter box. */
  children?: ReactNode;
};

/** A page that is one list: its header, then the list's toolbar (with its Views), table and pagination. */
export function ListPage<TData>({
  title,
  description,
  actions,
  table,
  pageSizes,
  query,
  filter,
  children,
}: ListPageProps<TData>) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} actions={actions} />
      <div className="grid gap-4">
        <ListTable table={table} label={title} pageSizes={pageSizes} query={query} filter={filter} views>
          {children}
        </ListTable>
      </div>
    </div>
  );
}
