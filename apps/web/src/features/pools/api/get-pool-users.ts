import type { AccountRef } from '@portal/contracts/accounts';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** `GET /LicensePool/{poolId}/users`: the pool's members. */
export async function getPoolUsers(poolId: string, signal?: AbortSignal): Promise<AccountRef[]> {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.poolUsers, { params: { poolId }, signal });
  return data;
}

export function getPoolUsersQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.pools, poolId, 'users'] as const,
    queryFn: ({ signal }) => getPoolUsers(poolId, signal),
  });
}

export function usePoolUsers(poolId: string) {
  return useQuery(getPoolUsersQueryOptions(poolId));
}
