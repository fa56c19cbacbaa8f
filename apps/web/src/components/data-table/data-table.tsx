import { t } from '@lingui/core/macro';
import { type Column, flexRender, type Table as TanstackTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { NetworkError } from '@/lib/api-client';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { saidInLanguage } from '@/lib/said-in-language';
import { cn } from '@/lib/utils';
import { isSecondary, primaryColumnId, StackedCells } from './stacked-cells';

type DataTableProps<TData> = {
  table: TanstackTable<TData>;
  /** Names the table for screen readers (usually the page or section title). */
  label: string;
  /** First load: no rows to show yet. */
  isLoading?: boolean;
  /** A later load (next page, new filter): the current rows stay, dimmed. */
  isFetching?: boolean;
  /** The list failed to load: the server's message (docs/product.md), shown in place of the rows. */
  error?: unknown;
  /** docs/product.md: 'No results.' unless the list has its own empty text. */
  emptyText?: string;
  className?: string;
};

const sortLabels = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The one table of the app: headers, rows, and the loading, error and empty states. On a phone the
 * secondary columns (ColumnMeta.secondary) leave the grid and show stacked under the primary
 * column, so the actions and the row's name stay on screen.
 */
export function DataTable<TData>({
  table,
  label,
  isLoading = false,
  isFetching = false,
  error,
  emptyText = t`No results.`,
  className,
}: DataTableProps<TData>) {
  const compact = useIsMobile();
  const inGrid = (column: Column<TData>) => !(compact && isSecondary(column));
  const primaryId = compact ? primaryColumnId(table) : undefined;
  const columnCount = table.getVisibleLeafColumns().filter(inGrid).length;
  const rows = table.getRowModel().rows;
  const busy = isLoading || isFetching;

  return (
    <div className={cn('overflow-hidden rounded-md border bg-background', className)}>
      <Table aria-label={label} aria-busy={busy || undefined} className={cn(isFetching && !isLoading && 'opacity-60')}>
        <TableHeader className="bg-muted/40">
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers
                .filter((header) => inGrid(header.column))
                .map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <TableHead
                      key={header.id}
                      colSpan={header.colSpan}
                      aria-sort={header.column.getCanSort() ? (sorted ? sortLabels[sorted] : 'none') : undefined}
                      className={header.column.columnDef.meta?.className}
                    >
                      {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                    </TableHead>
                  );
                })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {isLoading || error || rows.length === 0 ? (
            <RowsState colSpan={columnCount} isLoading={isLoading} error={error} emptyText={emptyText} />
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                {row
                  .getVisibleCells()
                  .filter((cell) => inGrid(cell.column))
                  .map((cell) => (
                    <TableCell
                      key={cell.id}
                      className={cn(
                        cell.column.columnDef.meta?.className,
                        cell.column.id === primaryId && 'whitespace-normal [overflow-wrap:anywhere]',
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      {cell.column.id === primaryId && (
                        <StackedCells cells={row.getVisibleCells().filter((other) => !inGrid(other.column))} />
                      )}
                    </TableCell>
                  ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function StateRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="h-24 text-center whitespace-normal">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** What stands in for the rows: loading, why they could not be loaded, or the empty text. */
function RowsState({
  colSpan,
  isLoading,
  error,
  emptyText,
}: {
  colSpan: number;
  isLoading: boolean;
  error: unknown;
  emptyText: string;
}) {
  if (isLoading) {
    return (
      <StateRow colSpan={colSpan}>
        <span className="inline-flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading...
        </span>
      </StateRow>
    );
  }
  // No answer: the 'Network Error' notice says so, once; the table only shows why it is empty.
  if (error instanceof NetworkError) {
    return (
      <StateRow colSpan={colSpan}>
        <span className="text-destructive">Network Error: Please check your internet connection</span>
      </StateRow>
    );
  }
  if (error) {
    return (
      <StateRow colSpan={colSpan}>
        <span role="alert" className="text-destructive">
          {error instanceof Error ? saidInLanguage(error.message) : 'The list could not be loaded.'}
        </span>
      </StateRow>
    );
  }
  return <StateRow colSpan={colSpan}>{emptyText}</StateRow>;
}
