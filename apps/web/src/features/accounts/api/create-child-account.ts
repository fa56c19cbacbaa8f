import type { CreateChildAccountRequest } from '@portal/contracts/accounts';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { refreshAccountLists } from './refresh-account-lists';

/** `POST User/create-child-account`: the new user is mailed a link to confirm the address. */
export function createChildAccount(body: CreateChildAccountRequest) {
  return callEndpoint(LAZY_ENDPOINTS.createChildAccount, { body });
}

export function useCreateChildAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChildAccount,
    // The Create User form shows field errors and a taken address (409) under its fields.
    meta: { inline: { fields: ['name', 'email', 'roles', 'licensePoolId'], conflict: true } },
    onSuccess: () => refreshAccountLists(queryClient),
  });
}
