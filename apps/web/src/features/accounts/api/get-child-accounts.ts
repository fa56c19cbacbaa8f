import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type ChildAccountsParams = { pageNumber: number; pageSize: number; search: string };

/** `GET User/child-accounts`: one page of the accounts below the caller; search is name, email or pool. */
export async function getChildAccounts({ pageNumber, pageSize, search }: ChildAccountsParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.childAccounts, {
    query: { pageNumber, pageSize, search: search.trim() || undefined },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function getChildAccountsQueryOptions(params: ChildAccountsParams) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.childAccounts, 'page', params] as const,
    queryFn: ({ signal }) => getChildAccounts(params, signal),
    // Paging keeps the current rows on screen until the next ones arrive; a new filter does not.
    placeholderData: keepPreviousPage([QUERY_ROOTS.childAccounts, 'page', params] as const),
  });
}

export function useChildAccounts(params: ChildAccountsParams) {
  return useQuery(getChildAccountsQueryOptions(params));
}
