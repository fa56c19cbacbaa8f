import { type BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { refreshAccountLists } from './refresh-account-lists';

export type ToggleChildStatusRequest = BodyOf<typeof LAZY_ENDPOINTS.toggleChildStatus>;

/** `POST User/toggle-child-status`: deactivation also ends the account's sessions. */
export function toggleChildStatus(body: ToggleChildStatusRequest) {
  return callEndpoint(LAZY_ENDPOINTS.toggleChildStatus, { body });
}

export function useToggleChildStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleChildStatus, onSuccess: () => refreshAccountLists(queryClient) });
}
