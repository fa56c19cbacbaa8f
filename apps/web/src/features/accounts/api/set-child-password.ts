import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshAccountLists } from './refresh-account-lists';

export type SetChildPasswordRequest = {
  childId: string;
  newPassword?: string;
  forcePasswordChangeOnLogin: boolean;
  generateSystemPassword: boolean;
};

/** `POST User/set-child-password`: a typed password, or a system one mailed to the account. */
export function setChildPassword(body: SetChildPasswordRequest) {
  return apiClient.post<null>('User/set-child-password', body);
}

export function useSetChildPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setChildPassword, onSuccess: () => refreshAccountLists(queryClient) });
}
