import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

export type ManagePoolAccountsRequest = { poolId: string; addUserIds: string[]; removeUserIds: string[] };

/**
 * `POST LicensePool/manage-accounts` with allowPartialAssignment (docs/product.md): the valid moves
 * happen and each refusal comes back with its reason. Joining a pool leaves the previous one.
 */
export function managePoolAccounts(body: ManagePoolAccountsRequest) {
  return callEndpoint(LAZY_ENDPOINTS.managePoolAccounts, { body: { ...body, allowPartialAssignment: true } });
}

export function useManagePoolAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: managePoolAccounts,
    onSuccess: () =>
      Promise.all(
        [QUERY_ROOTS.pools, QUERY_ROOTS.childAccounts, QUERY_ROOTS.accounts].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root] }),
        ),
      ),
  });
}
