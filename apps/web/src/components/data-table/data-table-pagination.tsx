import { plural, t } from '@lingui/core/macro';
import type { Table } from '@tanstack/react-table';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { PageSizeSelect } from './page-size-select';

type DataTablePaginationProps<TData> = {
  table: Table<TData>;
  /** The page sizes the spec gives this list (section 9). */
  pageSizes: readonly number[];
};

/** Rows per page, 'Page X of Y' and first/previous/next/last, under a table. */
export function DataTablePagination<TData>({ table, pageSizes }: DataTablePaginationProps<TData>) {
  const labelId = useId();
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(table.getPageCount(), 1);
  const rowCount = table.getRowCount();

  // A page beyond the end (rows removed, a stale link): show the last page instead.
  const lastIndex = pageCount - 1;
  const beyondEnd = table.getPageCount() > 0 && pageIndex > lastIndex;
  useEffect(() => {
    if (beyondEnd) table.setPageIndex(lastIndex);
  }, [beyondEnd, lastIndex, table]);

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 px-1 text-sm">
      <p className="text-muted-foreground tabular-nums">{plural(rowCount, { one: '# row', other: '# rows' })}</p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <span id={labelId} className="font-medium">
            {t`Rows per page`}
          </span>
          <PageSizeSelect
            value={pageSize}
            pageSizes={pageSizes}
            onChange={(size) => table.setPageSize(size)}
            labelId={labelId}
          />
        </div>
        <p className="font-medium tabular-nums" aria-live="polite">
          {t`Page ${Math.min(pageIndex + 1, pageCount)} of ${pageCount}`}
        </p>
        <div className="flex items-center gap-1.5">
          <PageButton
            label={t`Go to first page`}
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.firstPage()}
          >
            <ChevronsLeftIcon aria-hidden />
          </PageButton>
          <PageButton
            label={t`Go to previous page`}
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            <ChevronLeftIcon aria-hidden />
          </PageButton>
          <PageButton label={t`Go to next page`} disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            <ChevronRightIcon aria-hidden />
          </PageButton>
          <PageButton label={t`Go to last page`} disabled={!table.getCanNextPage()} onClick={() => table.lastPage()}>
            <ChevronsRightIcon aria-hidden />
          </PageButton>
        </div>
      </div>
    </div>
  );
}

function PageButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="outline" size="icon-sm" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
