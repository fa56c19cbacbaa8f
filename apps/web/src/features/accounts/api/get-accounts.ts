import type { AccountSortKey } from '@portal/contracts/accounts';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type AccountsParams = {
  pageNumber: number;
  pageSize: number;
  search: string;
  sort: { by: AccountSortKey; desc: boolean } | null;
};

/** `GET User/accounts` (SuperAdmin): one page of every account, filtered and sorted on the server. */
export async function getAccounts({ pageNumber, pageSize, search, sort }: AccountsParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.allAccounts, {
    query: {
      pageNumber,
      pageSize,
      search: search.trim() || undefined,
      sortBy: sort?.by,
      sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function getAccountsQueryOptions(params: AccountsParams) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.accounts, 'page', params] as const,
    queryFn: ({ signal }) => getAccounts(params, signal),
    // Paging and sorting keep the current rows on screen until the next ones arrive; a new filter does not.
    placeholderData: keepPreviousPage([QUERY_ROOTS.accounts, 'page', params] as const),
  });
}

export function useAccounts(params: AccountsParams) {
  return useQuery(getAccountsQueryOptions(params));
}
