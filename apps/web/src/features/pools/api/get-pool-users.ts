import { type AccountRef, accountRefSchema } from '@portal/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';

const rowsSchema = accountRefSchema.array();

/** `GET /LicensePool/{poolId}/users`: the pool's members. */
export async function getPoolUsers(poolId: string, signal?: AbortSignal): Promise<AccountRef[]> {
  const { data } = await apiClient.get<AccountRef[]>(`LicensePool/${encodeURIComponent(poolId)}/users`, {
    signal,
    parse: (value) => rowsSchema.parse(value),
  });
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
