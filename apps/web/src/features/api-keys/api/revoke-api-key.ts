import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { API_KEYS_ROOT } from './get-api-keys';

/** `DELETE /ApiKey/{id}`: the key stops working at once; the answer is its row, now Revoked. */
export function revokeApiKey(id: string) {
  return callEndpoint(LAZY_ENDPOINTS.revokeApiKey, { params: { id } });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    // Refused or not (a key revoked meanwhile), the list shows the keys as they now are.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [API_KEYS_ROOT] }),
  });
}
