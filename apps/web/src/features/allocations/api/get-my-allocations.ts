import { ENDPOINTS } from '@portal/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { stockKeys } from './stock-query-keys';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type MyAllocationsParams = { pageNumber: number; pageSize: number; search: string };

/** `GET /LicenseAllocation/user-summary?fetchType=self&pageNumber&pageSize`: the caller's own stock, by group. */
export async function getMyAllocations({ pageNumber, pageSize, search }: MyAllocationsParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(ENDPOINTS.mySummary, {
    query: { fetchType: 'self', pageNumber, pageSize, search: search.trim() || undefined },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function getMyAllocationsQueryOptions(params: MyAllocationsParams) {
  return queryOptions({
    queryKey: stockKeys.mySummary(params),
    queryFn: ({ signal }) => getMyAllocations(params, signal),
    placeholderData: keepPreviousPage(stockKeys.mySummary(params)),
  });
}

export function useMyAllocations(params: MyAllocationsParams) {
  return useQuery(getMyAllocationsQueryOptions(params));
}
