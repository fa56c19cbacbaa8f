import '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // Generic parameters must match the library's declaration to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (width, alignment, sticky). */
    className?: string;
  }
}
