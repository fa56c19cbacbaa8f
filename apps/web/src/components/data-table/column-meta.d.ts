import '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // Generic parameters must match the library's declaration to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (width, alignment, sticky). */
    className?: string;
    /**
     * On a phone (below 768 px) the column gives up its own cells and its values are stacked
     * under the primary column's, so the table fits the screen. Actions and the primary column
     * never set it.
     */
    secondary?: boolean;
    /** The column that carries the stacked values on a phone; by default the first data column. */
    primary?: boolean;
    /** The name shown beside a stacked value when the header is not plain text. */
    label?: string;
  }
}
