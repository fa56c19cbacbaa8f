import { type Cell, type Column, flexRender, type Table } from '@tanstack/react-table';

/** Whether a column steps aside on a phone (ColumnMeta.secondary). */
export function isSecondary<TData>(column: Column<TData>): boolean {
  return column.columnDef.meta?.secondary === true;
}

/** The column that carries a row's stacked values: the marked one, else the first data column. */
export function primaryColumnId<TData>(table: Table<TData>): string | undefined {
  const columns = table.getVisibleLeafColumns();
  const marked = columns.find((column) => column.columnDef.meta?.primary === true);
  return (marked ?? columns.find((column) => column.id !== 'select' && !isSecondary(column)))?.id;
}

function labelOf<TData>(column: Column<TData>): string {
  const { header, meta } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : column.id);
}

/** The values of a row's secondary columns, each named, as a small list under the primary value. */
export function StackedCells<TData>({ cells }: { cells: Cell<TData, unknown>[] }) {
  if (cells.length === 0) return null;
  return (
    <dl className="mt-1 grid gap-0.5 text-xs whitespace-normal text-muted-foreground">
      {cells.map((cell) => (
        <div key={cell.id} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
          <dt>{labelOf(cell.column)}:</dt>
          <dd className="min-w-0 text-foreground [overflow-wrap:anywhere]">
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </dd>
        </div>
      ))}
    </dl>
  );
}
