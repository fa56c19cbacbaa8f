import type { BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { API_KEYS_ROOT } from './get-api-keys';

export type CreateApiKeyRequest = BodyOf<typeof LAZY_ENDPOINTS.createApiKey>;

/** The fields of the Create dialog that the server's field errors land on. */
export const CREATE_API_KEY_FIELDS = ['name', 'scopes', 'expiresInDays'] as const;

/** `POST /ApiKey`: a key of the caller; the answer holds the whole key, this once. */
export function createApiKey(body: CreateApiKeyRequest) {
  return callEndpoint(LAZY_ENDPOINTS.createApiKey, { body });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // The dialog shows the field errors under its fields, and the server's sentence beside the key.
    meta: { inline: { fields: CREATE_API_KEY_FIELDS, success: true } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [API_KEYS_ROOT] }),
  });
}
