import { ENDPOINTS } from '@portal/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** `GET /License/issuable` (Admin): the lots it holds that a new lot can be drawn from now (decision 029). */
export async function getIssuableLots(signal?: AbortSignal) {
  const { data } = await callEndpoint(ENDPOINTS.issuableLicenses, { signal });
  return data;
}

export const issuableLotsQueryOptions = queryOptions({
  queryKey: [QUERY_ROOTS.licenses, 'issuable'] as const,
  queryFn: ({ signal }) => getIssuableLots(signal),
});

export function useIssuableLots({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...issuableLotsQueryOptions, enabled });
}
