import { type BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { refreshAccountLists } from './refresh-account-lists';

export type SetChildPasswordRequest = BodyOf<typeof LAZY_ENDPOINTS.setChildPassword>;

/** `POST User/set-child-password`: a typed password, or a system one mailed to the account. */
export function setChildPassword(body: SetChildPasswordRequest) {
  return callEndpoint(LAZY_ENDPOINTS.setChildPassword, { body });
}

export function useSetChildPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setChildPassword, onSuccess: () => refreshAccountLists(queryClient) });
}
