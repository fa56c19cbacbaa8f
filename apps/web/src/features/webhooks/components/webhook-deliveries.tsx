import { t } from '@lingui/core/macro';
import { WEBHOOK_DELIVERY_STATUSES, type Webhook, type WebhookDeliveryStatus } from '@portal/contracts/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ListFilter } from '@/components/data-table/list-filter';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useLocalTableState } from '@/components/data-table/use-local-table-state';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { WEBHOOK_LIST_KEY } from '../api/get-webhooks';
import { useResendWebhookDelivery } from '../api/webhook-actions';
import { deliveryColumns } from './delivery-columns';
import { deliveryStatusLabel } from './webhook-words';

/** The deliveries page by 10, 25, 50 or 100 (the server allows 200), 10 by default. */
export const DELIVERY_PAGE_SIZES = [10, 25, 50, 100] as const;
const statusOptions = () =>
  WEBHOOK_DELIVERY_STATUSES.map((status) => ({ value: status, label: deliveryStatusLabel(status) }));

/** When the list was last read. */
function readAt(updatedAt: number): string {
  const time = formatDateTime(new Date(updatedAt).toISOString());
  return t`Read at ${time}.`;
}

/** The empty list under a status filter. */
const noDeliveries = (status: WebhookDeliveryStatus): string =>
  ({ Pending: t`No pending deliveries.`, Succeeded: t`No succeeded deliveries.`, Failed: t`No failed deliveries.` })[
    status
  ];

/** Once the last Pending delivery has an outcome, the endpoint's card reads its new last attempt. */
function useCardCatchesUp(hasPending: boolean) {
  const queryClient = useQueryClient();
  const had = useRef(hasPending);
  useEffect(() => {
    if (had.current && !hasPending) void queryClient.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY });
    had.current = hasPending;
  }, [hasPending, queryClient]);
}

type WebhookDeliveriesProps = {
  webhook: Webhook;
  /** The section's id, which the card's Deliveries button controls. */
  id: string;
  /** An event was queued again: the card watches for its outcome. */
  onQueued: () => void;
};

/**
 * The deliveries of one endpoint, newest first, under its card: a status filter, Refresh, and
 * Resend on each delivery that has an outcome. While one is Pending the list reads itself again
 * every few seconds.
 */
export function WebhookDeliveries({ webhook, id, onQueued }: WebhookDeliveriesProps) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  // Kept here, not in the URL: the page can show the deliveries of several endpoints.
  const paging = useLocalTableState(DELIVERY_PAGE_SIZES[0]);
  const { pageIndex, pageSize } = paging.state.pagination;
  const deliveries = useWebhookDeliveries(webhook.id, { pageNumber: pageIndex + 1, pageSize, status });
  const resend = useResendWebhookDelivery(onQueued);
  const resendingId = resend.isPending ? resend.variables.deliveryId : undefined;
  const columns = useMemo(
    () =>
      deliveryColumns({
        resend: (delivery) => resend.mutate({ webhookId: webhook.id, deliveryId: delivery.id }),
        resendingId,
      }),
    // `resend.mutate` is stable; the columns change with the delivery being queued.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [webhook.id, resendingId],
  );
  const table = useServerTable({
    data: deliveries.data?.rows,
    columns,
    totalCount: deliveries.data?.totalCount,
    urlState: paging.state,
    getRowId: (row) => row.id,
  });
  const hasPending = deliveries.data?.rows.some((row) => row.status === 'Pending') ?? false;
  useCardCatchesUp(hasPending);

  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid min-w-0 gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h4 id={`${id}-title`} className="text-sm font-semibold">
            {t`Deliveries`}
          </h4>
          <p className="text-xs text-muted-foreground tabular-nums">
            {hasPending
              ? t`Read again every few seconds while a delivery is pending.`
              : deliveries.dataUpdatedAt > 0 && readAt(deliveries.dataUpdatedAt)}
          </p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <ListFilter
            label={t`Status`}
            allLabel={t`All statuses`}
            value={status}
            onChange={(next) => {
              setStatus(next);
              paging.toFirstPage();
            }}
            options={statusOptions()}
          />
          <Button variant="outline" aria-label={t`Refresh deliveries`} onClick={() => void deliveries.refetch()}>
            <RefreshCwIcon aria-hidden />
            {t`Refresh`}
          </Button>
        </div>
      </div>
      <ListTable
        table={table}
        label={t`Deliveries`}
        pageSizes={DELIVERY_PAGE_SIZES}
        query={deliveries}
        emptyText={status ? noDeliveries(status) : t`No deliveries yet.`}
      />
    </section>
  );
}
