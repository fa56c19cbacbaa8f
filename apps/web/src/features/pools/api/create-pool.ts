import type { BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

export type CreatePoolRequest = BodyOf<typeof LAZY_ENDPOINTS.createPool>;

/** `POST /LicensePool?poolType=Pool`: a shared pool of the caller; the name is unique per owner (409). */
export function createPool(body: CreatePoolRequest) {
  return callEndpoint(LAZY_ENDPOINTS.createPool, { body, query: { poolType: 'Pool' } });
}

export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPool,
    // The Create Pool form shows field errors and a taken name (409) under its fields.
    meta: { inline: { fields: ['name', 'description'], conflict: true } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.pools] }),
  });
}
