import { t } from '@lingui/core/macro';
import type { ReportCounters } from '@portal/contracts/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { ErrorText, ItemsCell, ProgressBar, progressLabel, progressOf, StatusBadge } from './report-cells';
import { formatCount, reportDateTime, withZone } from './report-format';

/** A date wraps between its day and its time when the table is short of room. */
const DATE_CLASS = 'tabular-nums whitespace-normal';

/**
 * The columns every job, mailbox and folder row shares: status with progress, items, dates (their
 * header names the viewer's time zone) and, where asked, the error. `nameOf` names a row's progress bar.
 */
export function counterColumns<TRow extends ReportCounters>(
  nameOf: (row: TRow) => string,
  { withError = true }: { withError?: boolean } = {},
): ColumnDef<TRow>[] {
  const columns: ColumnDef<TRow>[] = [
    {
      // Status and progress share a column: the badge and the figure over the bar.
      accessorKey: 'status',
      header: t`Status`,
      meta: { secondary: true },
      cell: ({ row }) => (
        <ProgressBar
          stacked
          lead={<StatusBadge status={row.original.status} />}
          progress={progressOf(row.original)}
          label={progressLabel(nameOf(row.original))}
        />
      ),
    },
    {
      id: 'items',
      header: t`Items`,
      meta: { secondary: true },
      cell: ({ row }) => <ItemsCell counters={row.original} />,
    },
    {
      accessorKey: 'startDate',
      header: withZone(t`Start`),
      meta: { secondary: true, className: DATE_CLASS },
      cell: ({ row }) => reportDateTime(row.original.startDate),
    },
    {
      accessorKey: 'endDate',
      header: withZone(t`End`),
      meta: { secondary: true, className: DATE_CLASS },
      cell: ({ row }) => reportDateTime(row.original.endDate),
    },
  ];
  if (withError) {
    columns.push({
      accessorKey: 'errorMessage',
      header: t`Error`,
      meta: { secondary: true, className: 'min-w-24 whitespace-normal' },
      cell: ({ row }) => <ErrorText message={row.original.errorMessage} />,
    });
  }
  return columns;
}

interface JobTotals {
  jobCount: number;
  lastJobStartDate: string | null;
  lastJobEndDate: string | null;
}

/** How many jobs a machine or a user ran (Machine and User views). */
export function jobCountColumn<TRow extends JobTotals>(): ColumnDef<TRow> {
  return {
    accessorKey: 'jobCount',
    header: t`Jobs`,
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.jobCount),
  };
}

/** When the last job of a machine or a user started and ended (Machine and User views). */
export function lastJobColumns<TRow extends JobTotals>(): ColumnDef<TRow>[] {
  return [
    {
      accessorKey: 'lastJobStartDate',
      header: withZone(t`Last Job Start`),
      meta: { secondary: true, className: 'tabular-nums' },
      cell: ({ row }) => reportDateTime(row.original.lastJobStartDate),
    },
    {
      accessorKey: 'lastJobEndDate',
      header: withZone(t`Last Job End`),
      meta: { secondary: true, className: 'tabular-nums' },
      cell: ({ row }) => reportDateTime(row.original.lastJobEndDate),
    },
  ];
}
