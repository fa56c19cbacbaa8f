import { t } from '@lingui/core/macro';
import type { MigrationStatus, ReportCounters } from '@portal/contracts/reports';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { formatCount, formatPercent } from './report-format';
import { statusLabel } from './report-words';

const STATUS_VARIANTS = {
  NotStarted: 'muted',
  InProgress: 'outline',
  Completed: 'success',
  CompletedWithErrors: 'secondary',
  Failed: 'destructive',
  Cancelled: 'muted',
} as const satisfies Record<MigrationStatus, string>;

export function StatusBadge({ status }: { status: MigrationStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{statusLabel(status)}</Badge>;
}

/** "Progress of Migration A": the name of a job's, a mailbox's or a folder's progress bar. */
export const progressLabel = (name: string): string => t`Progress of ${name}`;

/** What a row's bar shows: how far it got, and whether it ended without getting there. */
export interface Progress {
  value: number;
  /** Failed or cancelled: the bar shows the share of items migrated, in the failure colour. */
  ended?: 'Failed' | 'Cancelled';
}

/**
 * A row's progress. The API's completionPercentage counts failed and filtered items as dealt with
 * and calls a final row without items 100 %: right for a finished one, but a failed or cancelled
 * mailbox drawn as a full bar reads as a success. Those show the share of their items actually
 * migrated, labelled as failed or cancelled.
 */
export function progressOf(
  row: Pick<ReportCounters, 'status' | 'completionPercentage' | 'totalItems' | 'migratedItems'>,
): Progress {
  if (row.status !== 'Failed' && row.status !== 'Cancelled') return { value: row.completionPercentage };
  const migrated = row.totalItems > 0 ? Math.round((row.migratedItems / row.totalItems) * 10_000) / 100 : 0;
  return { value: Math.min(100, migrated), ended: row.status };
}

const BAR_COLOURS = { Failed: 'bg-destructive', Cancelled: 'bg-muted-foreground' } as const;

/**
 * A row's completion as a bar with its figure. The bar is a progressbar named after the row, so a
 * screen reader tells which job, mailbox or folder is how far along. `stacked` puts `lead` (the
 * status) above the bar, which keeps a table column narrow. A failed or cancelled row's bar
 * (`progress.ended`) is its migrated share, in the failure colour, and says so.
 */
export function ProgressBar({
  progress,
  label,
  stacked = false,
  lead,
  className,
}: {
  progress: Progress;
  label: string;
  stacked?: boolean;
  lead?: ReactNode;
  className?: string;
}) {
  const { value, ended } = progress;
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), 100);
  const percent = formatPercent(value);
  const text = ended ? t`${percent} migrated` : percent;
  const figure = (
    <span className={cn('text-xs tabular-nums', ended === 'Failed' && 'text-destructive')} aria-hidden>
      {text}
    </span>
  );
  const bar = (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Number(clamped.toFixed(2))}
      aria-valuetext={ended ? `${statusLabel(ended)}: ${text}` : text}
      data-ended={ended}
      className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn('h-full rounded-full', ended ? BAR_COLOURS[ended] : 'bg-primary')}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
  if (!stacked) {
    return (
      <div className={cn('flex min-w-32 items-center gap-3', className)}>
        {lead}
        {bar}
        {figure}
      </div>
    );
  }
  return (
    <div className={cn('grid w-40 gap-1.5', className)}>
      {lead}
      <div className="flex items-center gap-2">
        {bar}
        {figure}
      </div>
    </div>
  );
}

/** Items of a row: migrated of total, then what failed or was filtered out. */
export function ItemsCell({
  counters,
}: {
  counters: Pick<ReportCounters, 'totalItems' | 'migratedItems' | 'failedItems' | 'filteredItems'>;
}) {
  const migrated = formatCount(counters.migratedItems);
  const total = formatCount(counters.totalItems);
  return (
    <div className="grid min-w-0 tabular-nums">
      <span>{t`${migrated} of ${total}`}</span>
      <span className="text-xs text-muted-foreground">{failedAndFiltered(counters)}</span>
    </div>
  );
}

/** "3 failed · 1 filtered": a row's items that were not migrated. */
export function failedAndFiltered(counters: Pick<ReportCounters, 'failedItems' | 'filteredItems'>): string {
  const failed = formatCount(counters.failedItems);
  const filtered = formatCount(counters.filteredItems);
  return t`${failed} failed · ${filtered} filtered`;
}

/** The first cell of a drillable row: a link, so every row is reachable with the keyboard. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:underline"
    >
      {children}
    </Link>
  );
}

/** A server error text of a row, or a dash. */
export function ErrorText({ message }: { message: string | null }) {
  if (!message) return <span className="text-muted-foreground">-</span>;
  return <span className="text-destructive [overflow-wrap:anywhere]">{message}</span>;
}

/** A mailbox address that may wrap after its `@` when the column is narrow, and nowhere else. */
export function MailboxAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
