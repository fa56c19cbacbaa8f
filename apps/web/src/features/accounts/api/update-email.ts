import { type BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { refreshAccountLists } from './refresh-account-lists';

export type UpdateEmailRequest = BodyOf<typeof LAZY_ENDPOINTS.updateEmail>;

/** `PUT User/update-email` (Transfer Account): the new address is mailed a confirm link; the old one stops working. */
export function updateEmail(body: UpdateEmailRequest) {
  return callEndpoint(LAZY_ENDPOINTS.updateEmail, { body });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => refreshAccountLists(queryClient),
    // The Transfer tab shows field errors and a taken address under its fields.
    meta: { inline: { fields: ['newEmail', 'newAccountName'], conflict: true } },
  });
}
