import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { LicenseStatus } from '@portal/contracts/licenses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type LicensesParams = {
  pageNumber: number;
  pageSize: number;
  search: string;
  status: LicenseStatus | undefined;
};

/** `GET /License`: one page of the lots the caller may see, newest first, filtered on the server. */
export async function getLicenses({ pageNumber, pageSize, search, status }: LicensesParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(ENDPOINTS.licenses, {
    query: { pageNumber, pageSize, search: search.trim() || undefined, status },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function getLicensesQueryOptions(params: LicensesParams) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.licenses, 'list', params] as const,
    queryFn: ({ signal }) => getLicenses(params, signal),
    // Paging keeps the current rows on screen until the next ones arrive; a new filter does not.
    placeholderData: keepPreviousPage([QUERY_ROOTS.licenses, 'list', params] as const),
  });
}

export function useLicenses(params: LicensesParams) {
  return useQuery(getLicensesQueryOptions(params));
}
