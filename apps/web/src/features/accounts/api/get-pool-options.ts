import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { Pool } from '@portal/contracts/pools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** docs/product.md: the pool choices are fetched in one page of 2000. */
const POOL_FETCH_SIZE = 2000;

export type PoolOption = Pick<Pool, 'id' | 'name'>;

/** `GET /LicensePool?poolType=Pool&pageNumber=1&pageSize=2000`: the caller's shared pools, to choose from. */
export async function getPoolOptions(signal?: AbortSignal): Promise<PoolOption[]> {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.pools, {
    query: { poolType: 'Pool', pageNumber: 1, pageSize: POOL_FETCH_SIZE },
    signal,
  });
  return data.map(({ id, name }) => ({ id, name }));
}

export const poolOptionsQueryOptions = queryOptions({
  queryKey: [QUERY_ROOTS.pools, 'options'] as const,
  queryFn: ({ signal }) => getPoolOptions(signal),
});

export function usePoolOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...poolOptionsQueryOptions, enabled });
}
