import type { ReportCounters } from '@portal/contracts/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';
import { ErrorText, ItemsCell, ProgressBar, StatusBadge } from './report-cells';

/** A date wraps between its day and its time when the table is short of room. */
const DATE_CLASS = 'tabular-nums whitespace-normal';

/**
 * The columns every job, mailbox and folder row shares (spec section 3, "Report rows"): status with
 * progress, items, dates and, where asked, the error. `nameOf` names a row's progress bar.
 */
export function counterColumns<TRow extends ReportCounters>(
  nameOf: (row: TRow) => string,
  { withError = true }: { withError?: boolean } = {},
): ColumnDef<TRow>[] {
  const columns: ColumnDef<TRow>[] = [
    {
      // Status and progress share a column: the badge and the figure over the bar.
      accessorKey: 'status',
      header: 'Status',
      meta: { secondary: true },
      cell: ({ row }) => (
        <ProgressBar
          stacked
          lead={<StatusBadge status={row.original.status} />}
          value={row.original.completionPercentage}
          label={`Progress of ${nameOf(row.original)}`}
        />
      ),
    },
    {
      id: 'items',
      header: 'Items',
      meta: { secondary: true },
      cell: ({ row }) => <ItemsCell counters={row.original} />,
    },
    {
      accessorKey: 'startDate',
      header: 'Start',
      meta: { secondary: true, className: DATE_CLASS },
      cell: ({ row }) => formatDateTime(row.original.startDate),
    },
    {
      accessorKey: 'endDate',
      header: 'End',
      meta: { secondary: true, className: DATE_CLASS },
      cell: ({ row }) => formatDateTime(row.original.endDate),
    },
  ];
  if (withError) {
    columns.push({
      accessorKey: 'errorMessage',
      header: 'Error',
      meta: { secondary: true, className: 'min-w-24 whitespace-normal' },
      cell: ({ row }) => <ErrorText message={row.original.errorMessage} />,
    });
  }
  return columns;
}
