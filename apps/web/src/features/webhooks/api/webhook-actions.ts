import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { deliveriesKey } from './get-webhook-deliveries';
import { WEBHOOK_LIST_KEY } from './get-webhooks';

/**
 * The one-click changes of an endpoint's card. Each answer's message comes as the toast (the
 * global handler); the list (and the endpoint's deliveries) show the result, refused or not.
 */

/**
 * `DELETE /Webhook/{id}`: no more events are sent to it. Only the list is read again: its open
 * deliveries would answer 'not found' while the card is still on screen.
 */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(LAZY_ENDPOINTS.deleteWebhook, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY }),
  });
}

/** `POST /Webhook/{id}/enable`: an endpoint the server disabled (failing for days) is sent events again. */
export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(LAZY_ENDPOINTS.enableWebhook, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY }),
  });
}

/** `POST /Webhook/{id}/test`: a `webhook.test` event, queued as a delivery of its own. */
export function useTestWebhook(onQueued: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(LAZY_ENDPOINTS.testWebhook, { params: { id } }),
    onSuccess: (_result, id) => {
      onQueued();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
        queryClient.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY }),
      ]);
    },
  });
}

type Resend = { webhookId: string; deliveryId: string };

/** `POST /Webhook/{id}/deliveries/{deliveryId}/resend`: the same event (same `webhook-id`), queued again. */
export function useResendWebhookDelivery(onQueued: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: Resend) =>
      callEndpoint(LAZY_ENDPOINTS.resendWebhookDelivery, { params: { id: webhookId, deliveryId } }),
    onSuccess: (_result, { webhookId }) => {
      onQueued();
      return queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
    },
  });
}
