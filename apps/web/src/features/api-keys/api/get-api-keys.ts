import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { keepPreviousPage } from '@/lib/keep-previous-page';

/** The root of every API key query: a created or revoked key refreshes them all. */
export const API_KEYS_ROOT = 'api-keys';

export type ApiKeysParams = {
  pageNumber: number;
  pageSize: number;
  /** Part of a key's name; blank lists every key. */
  search: string;
  /** An Admin's own keys only (its list otherwise holds those of the accounts in its scope). */
  mine: boolean;
};

/** `GET /ApiKey`: one page of the caller's keys (an Admin's: also those of its accounts), Active first. */
export async function getApiKeys({ search, mine, ...paging }: ApiKeysParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.apiKeys, {
    query: { ...paging, search: search.trim() || undefined, mine: mine || undefined },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function useApiKeys(params: ApiKeysParams) {
  return useQuery(
    queryOptions({
      queryKey: [API_KEYS_ROOT, params] as const,
      queryFn: ({ signal }) => getApiKeys(params, signal),
      placeholderData: keepPreviousPage([API_KEYS_ROOT, params] as const),
    }),
  );
}
