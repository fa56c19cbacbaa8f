import { t } from '@lingui/core/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { durationLabel, usageLabel } from '@/lib/license-format';

/** What every stock table shows of a product group (docs/product.md, "Grouped license"). */
type StockRow = {
  productCode: string;
  edition: string;
  durationType: string;
  usageType: string;
  duration: number | null;
};

/** Product (name and code), Edition, Duration (a dash if Perpetual) and Usage (Pay-Per-Use for Transactional). */
export function productColumns<TRow extends StockRow>(nameOf: (row: TRow) => string): ColumnDef<TRow>[] {
  return [
    {
      id: 'product',
      header: 'Product',
      // The filter matches the name and the code.
      accessorFn: (row) => `${nameOf(row)} ${row.productCode}`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium">{nameOf(row.original)}</span>
          <span className="text-xs text-muted-foreground">{row.original.productCode}</span>
        </span>
      ),
    },
    { id: 'edition', header: 'Edition', accessorFn: (row) => row.edition, meta: { secondary: true } },
    { id: 'duration', header: 'Duration', accessorFn: (row) => durationLabel(row), meta: { secondary: true } },
    { id: 'usage', header: 'Usage', accessorFn: (row) => usageLabel(row.usageType), meta: { secondary: true } },
  ];
}

/** The counts, right-aligned; on a phone only Available keeps its own column. */
export function countColumns<TRow>(counts: [header: string, value: (row: TRow) => number][]): ColumnDef<TRow>[] {
  return counts.map(([header, value]) => ({
    id: header.toLowerCase().replace(/\s+/g, '-'),
    header,
    accessorFn: value,
    enableGlobalFilter: false,
    meta: { className: 'text-right tabular-nums', secondary: header !== 'Available' },
  }));
}

/** A stock table's headers in the language shown, by column id: the ids (saved views, sorting) stay English. */
const stockHeaders = (): Record<string, string> => ({
  pool: t`Pool`,
  user: t`User`,
  product: t`Product`,
  edition: t`Edition`,
  duration: t`Duration`,
  usage: t`Usage`,
  total: t`Total`,
  available: t`Available`,
  consumed: t`Consumed`,
  'in-transit': t`In Transit`,
  allocated: t`Allocated`,
});

/** `columns` with their headers in the language shown: called when the table renders, not when it loads. */
export function inLanguageShown<TRow>(columns: readonly ColumnDef<TRow>[]): ColumnDef<TRow>[] {
  const named = stockHeaders();
  return columns.map((column): ColumnDef<TRow> => {
    const header = column.id ? named[column.id] : undefined;
    return header ? { ...column, header } : column;
  });
}
