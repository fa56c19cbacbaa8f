import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { MovementAction } from '@portal/contracts/licenses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type MovementsParams = {
  pageNumber: number;
  pageSize: number;
  search: string;
  action: MovementAction | undefined;
};

/** `GET /LicenseMovement`: one page of the stock changes the caller may see, newest first. */
export async function getMovements({ pageNumber, pageSize, search, action }: MovementsParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(ENDPOINTS.movements, {
    query: { pageNumber, pageSize, search: search.trim() || undefined, action },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function getMovementsQueryOptions(params: MovementsParams) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.licenses, 'movements', params] as const,
    queryFn: ({ signal }) => getMovements(params, signal),
    placeholderData: keepPreviousPage([QUERY_ROOTS.licenses, 'movements', params] as const),
  });
}

export function useMovements(params: MovementsParams) {
  return useQuery(getMovementsQueryOptions(params));
}
