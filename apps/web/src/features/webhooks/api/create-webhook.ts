import type { BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { WEBHOOK_LIST_KEY } from './get-webhooks';

export type CreateWebhookRequest = BodyOf<typeof LAZY_ENDPOINTS.createWebhook>;

/** The fields of the Add endpoint dialog that the server's field errors land on. */
export const CREATE_WEBHOOK_FIELDS = ['url', 'events', 'description'] as const;

/** `POST /Webhook`: an endpoint of the organisation; the answer holds its signing secret, this once. */
export function createWebhook(body: CreateWebhookRequest) {
  return callEndpoint(LAZY_ENDPOINTS.createWebhook, { body });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    // The dialog shows the field errors under their fields, and the server's sentence beside the secret.
    meta: { inline: { fields: CREATE_WEBHOOK_FIELDS, success: true } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY }),
  });
}

/** `POST /Webhook/{id}/rotate-secret`: a new secret, shown once; the previous one signs too for 24 hours. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(LAZY_ENDPOINTS.rotateWebhookSecret, { params: { id } }),
    // The dialog says it beside the new secret.
    meta: { inline: { success: true } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY }),
  });
}
