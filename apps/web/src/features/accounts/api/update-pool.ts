import { type BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { refreshAccountLists } from './refresh-account-lists';

export type UpdatePoolRequest = BodyOf<typeof LAZY_ENDPOINTS.updatePool>;

/** `POST User/update-pool`: into one of the parent's shared pools, or Individual (null). */
export function updatePool(body: UpdatePoolRequest) {
  return callEndpoint(LAZY_ENDPOINTS.updatePool, { body });
}

export function useUpdatePool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePool, onSuccess: () => refreshAccountLists(queryClient) });
}
