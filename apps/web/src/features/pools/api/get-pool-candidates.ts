import type { ChildAccount } from '@portal/contracts/accounts';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { MAX_PAGE_SIZE } from '@portal/contracts/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/**
 * `GET User/child-accounts?eligibleForPoolId=…` in one page: the accounts that may join this pool
 * (children of its owner, not yet members), as the server decides.
 */
export async function getPoolCandidates(poolId: string, signal?: AbortSignal): Promise<ChildAccount[]> {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.childAccounts, {
    query: { pageNumber: 1, pageSize: MAX_PAGE_SIZE, eligibleForPoolId: poolId },
    signal,
  });
  return data;
}

export function poolCandidatesQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.childAccounts, 'eligible-for-pool', poolId] as const,
    queryFn: ({ signal }) => getPoolCandidates(poolId, signal),
  });
}

export function usePoolCandidates(poolId: string) {
  return useQuery(poolCandidatesQueryOptions(poolId));
}
