import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshAccountLists } from './refresh-account-lists';

export type UpdatePoolRequest = { userId: string; licensePoolId: string | null };

/** `POST User/update-pool`: into one of the parent's shared pools, or Individual (null). */
export function updatePool(body: UpdatePoolRequest) {
  return apiClient.post<null>('User/update-pool', body);
}

export function useUpdatePool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePool, onSuccess: () => refreshAccountLists(queryClient) });
}
