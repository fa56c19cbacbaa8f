import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { WebhookDeliveryStatus } from '@portal/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { keepPreviousPage } from '@/lib/keep-previous-page';
import { WATCH_INTERVAL_MS, WEBHOOKS_ROOT } from './get-webhooks';

export type WebhookDeliveriesParams = {
  pageNumber: number;
  pageSize: number;
  /** One status only; undefined lists every delivery. */
  status: WebhookDeliveryStatus | undefined;
};

/** The deliveries of one endpoint, under the root every webhook change refreshes. */
export const deliveriesKey = (webhookId: string, params?: WebhookDeliveriesParams) =>
  params
    ? ([WEBHOOKS_ROOT, 'deliveries', webhookId, params] as const)
    : ([WEBHOOKS_ROOT, 'deliveries', webhookId] as const);

/** `GET /Webhook/{id}/deliveries`: one page of an endpoint's deliveries, newest first. */
export async function getWebhookDeliveries(webhookId: string, params: WebhookDeliveriesParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.webhookDeliveries, {
    params: { id: webhookId },
    query: params,
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

/** The deliveries, read again every few seconds while one of them is still Pending. */
export function useWebhookDeliveries(webhookId: string, params: WebhookDeliveriesParams) {
  const queryKey = deliveriesKey(webhookId, params);
  return useQuery(
    queryOptions({
      queryKey,
      queryFn: ({ signal }) => getWebhookDeliveries(webhookId, params, signal),
      placeholderData: keepPreviousPage(queryKey),
      refetchInterval: (query) =>
        query.state.data?.rows.some((row) => row.status === 'Pending') ? WATCH_INTERVAL_MS : false,
    }),
  );
}
