import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshAccountLists } from './refresh-account-lists';

export type ToggleChildStatusRequest = { childId: string; active: boolean };

/** `POST User/toggle-child-status`: deactivation also ends the account's sessions. */
export function toggleChildStatus(body: ToggleChildStatusRequest) {
  return apiClient.post<null>('User/toggle-child-status', body);
}

export function useToggleChildStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleChildStatus, onSuccess: () => refreshAccountLists(queryClient) });
}
