import { type ManageAccountsResult, manageAccountsResultSchema } from '@portal/contracts/pools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';

export type ManagePoolAccountsRequest = { poolId: string; addUserIds: string[]; removeUserIds: string[] };

/**
 * `POST LicensePool/manage-accounts` with allowPartialAssignment (spec section 9): the valid moves
 * happen and each refusal comes back with its reason. Joining a pool leaves the previous one.
 */
export function managePoolAccounts(body: ManagePoolAccountsRequest) {
  return apiClient.post<ManageAccountsResult>(
    'LicensePool/manage-accounts',
    { ...body, allowPartialAssignment: true },
    { parse: (value) => manageAccountsResultSchema.parse(value) },
  );
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
