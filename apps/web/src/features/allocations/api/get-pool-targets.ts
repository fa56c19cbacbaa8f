import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { AllocationTarget } from './allocation-target';

/** docs/product.md: the pool choices are fetched in one page of 2000. */
const POOL_FETCH_SIZE = 2000;

/** `GET /LicensePool?poolType=Pool&pageNumber=1&pageSize=2000`: the shared pools it can pick. */
export async function getPoolTargets(signal?: AbortSignal): Promise<AllocationTarget[]> {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.pools, {
    query: { poolType: 'Pool', pageNumber: 1, pageSize: POOL_FETCH_SIZE },
    signal,
  });
  return data.map(({ id, name }) => ({ id, name, isUser: false }));
}

export const poolTargetsQueryOptions = queryOptions({
  queryKey: [QUERY_ROOTS.pools, 'allocation-targets'] as readonly string[],
  queryFn: ({ signal }) => getPoolTargets(signal),
});
