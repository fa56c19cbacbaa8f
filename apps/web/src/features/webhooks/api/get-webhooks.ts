import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** The root of every webhook query: a change to an endpoint refreshes its card and its deliveries. */
export const WEBHOOKS_ROOT = 'webhooks';
export const WEBHOOK_LIST_KEY = [WEBHOOKS_ROOT, 'list'] as const;

/** How often the endpoints are read again while an event just queued may be on its way. */
export const WATCH_INTERVAL_MS = 3000;

/** `GET /Webhook`: the endpoints of the Admin's organisation, all of them (an Admin has a few). */
export async function getWebhooks(signal?: AbortSignal) {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.webhooks, { signal });
  return data;
}

/**
 * The endpoints. `watching` says, each time they arrive, whether an event was queued moments ago:
 * then they are read again shortly, so each card's last attempt catches up with its delivery.
 */
export function useWebhooks(watching: () => boolean) {
  return useQuery(
    queryOptions({
      queryKey: WEBHOOK_LIST_KEY,
      queryFn: ({ signal }) => getWebhooks(signal),
      refetchInterval: () => (watching() ? WATCH_INTERVAL_MS : false),
    }),
  );
}
