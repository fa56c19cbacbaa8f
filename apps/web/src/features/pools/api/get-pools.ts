import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type PoolsParams = { pageNumber: number; pageSize: number };

/** `GET /LicensePool?poolType=Pool&pageNumber&pageSize`: one page of the shared pools (Default pools are hidden). */
export async function getPools({ pageNumber, pageSize }: PoolsParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.pools, {
    query: { poolType: 'Pool', pageNumber, pageSize },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function getPoolsQueryOptions(params: PoolsParams) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.pools, 'page', params] as const,
    queryFn: ({ signal }) => getPools(params, signal),
    placeholderData: keepPreviousPage([QUERY_ROOTS.pools, 'page', params] as const),
  });
}

export function usePools(params: PoolsParams) {
  return useQuery(getPoolsQueryOptions(params));
}
