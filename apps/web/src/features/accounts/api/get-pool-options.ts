import { type Pool, poolSchema } from '@portal/contracts/pools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** Spec section 9: the pool choices are fetched in one page of 2000. */
const POOL_FETCH_SIZE = 2000;
const rowsSchema = poolSchema.array();

export type PoolOption = Pick<Pool, 'id' | 'name'>;

/** `GET /LicensePool?poolType=Pool&pageNumber=1&pageSize=2000`: the caller's shared pools, to choose from. */
export async function getPoolOptions(signal?: AbortSignal): Promise<PoolOption[]> {
  const { data } = await apiClient.get<Pool[]>('LicensePool', {
    query: { poolType: 'Pool', pageNumber: 1, pageSize: POOL_FETCH_SIZE },
    signal,
    parse: (value) => rowsSchema.parse(value),
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
