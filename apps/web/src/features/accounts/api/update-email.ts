import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshAccountLists } from './refresh-account-lists';

export type UpdateEmailRequest = { userId: string; newEmail: string; newAccountName: string };

/** `PUT User/update-email` (Transfer Account): the new address is mailed a confirm link; the old one stops working. */
export function updateEmail(body: UpdateEmailRequest) {
  return apiClient.put<null>('User/update-email', body);
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmail, onSuccess: () => refreshAccountLists(queryClient) });
}
