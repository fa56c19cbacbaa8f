import { t } from '@lingui/core/macro';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@portal/contracts/webhooks';
import type { ColumnDef } from '@tanstack/react-table';
import { RotateCwIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDateTime } from '@/lib/format';
import { deliveryStatusLabel } from './webhook-words';

export const DELIVERY_STATUS_VARIANTS = {
  Pending: 'muted',
  Succeeded: 'success',
  Failed: 'destructive',
} as const satisfies Record<WebhookDeliveryStatus, string>;

/** The answer of the last attempt: its HTTP status, or why none came ('timed out', 'connection refused'). */
function AnswerCell({ delivery }: { delivery: WebhookDelivery }) {
  const { lastStatusCode, lastError } = delivery;
  if (lastStatusCode === null && !lastError) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="grid gap-0.5">
      {lastStatusCode !== null && <span className="tabular-nums">{lastStatusCode}</span>}
      {lastError && <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">{lastError}</span>}
    </div>
  );
}

/** The Resend button's name: the event type stays as the receiver reads it. */
const resendLabel = (type: string) => t`Resend ${type}`;

export type ResendState = {
  resend: (delivery: WebhookDelivery) => void;
  /** The delivery being queued again, if any. */
  resendingId: string | undefined;
};

/**
 * A delivery as listed: its event, outcome and last attempt. On a phone every column but the event
 * and the Resend button stacks under the event.
 */
export function deliveryColumns({ resend, resendingId }: ResendState): ColumnDef<WebhookDelivery>[] {
  return [
    {
      accessorKey: 'type',
      header: t`Event`,
      cell: ({ row }) => <code className="font-mono text-xs [overflow-wrap:anywhere]">{row.original.type}</code>,
    },
    {
      accessorKey: 'status',
      header: t`Status`,
      meta: { secondary: true },
      cell: ({ row }) => (
        <Badge variant={DELIVERY_STATUS_VARIANTS[row.original.status]}>
          {deliveryStatusLabel(row.original.status)}
        </Badge>
      ),
    },
    {
      accessorKey: 'attempts',
      header: t`Attempts`,
      meta: { secondary: true, className: 'tabular-nums' },
    },
    {
      id: 'lastAttempt',
      header: t`Last attempt`,
      meta: { secondary: true, className: 'tabular-nums whitespace-nowrap' },
      cell: ({ row }) => formatDateTime(row.original.lastAttemptAt),
    },
    {
      id: 'answer',
      header: t`Answer`,
      meta: { secondary: true, className: 'min-w-28' },
      cell: ({ row }) => <AnswerCell delivery={row.original} />,
    },
    {
      id: 'duration',
      header: t`Duration`,
      meta: { secondary: true, className: 'tabular-nums whitespace-nowrap' },
      cell: ({ row }) => (row.original.lastDurationMs === null ? '—' : `${row.original.lastDurationMs} ms`),
    },
    {
      id: 'nextAttempt',
      header: t`Next attempt`,
      meta: { secondary: true, className: 'tabular-nums whitespace-nowrap' },
      cell: ({ row }) => (row.original.status === 'Pending' ? formatDateTime(row.original.nextAttemptAt) : '—'),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      meta: { className: 'w-24 text-right' },
      cell: ({ row }) =>
        row.original.status === 'Pending' ? null : (
          <SubmitButton
            type="button"
            variant="outline"
            size="sm"
            aria-label={resendLabel(row.original.type)}
            busy={resendingId === row.original.id}
            disabled={resendingId !== undefined}
            onClick={() => resend(row.original)}
          >
            <RotateCwIcon aria-hidden />
            {t`Resend`}
          </SubmitButton>
        ),
    },
  ];
}
