import { ENDPOINTS } from '@portal/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** `GET LicenseAllocation/available-summary`: what the caller can hand on now, by license group. */
export async function getAvailableSummary(signal?: AbortSignal) {
  const { data } = await callEndpoint(ENDPOINTS.availableSummary, { signal });
  return data;
}

export const availableSummaryQueryOptions = queryOptions({
  queryKey: [QUERY_ROOTS.licenses, 'available-summary'] as const,
  queryFn: ({ signal }) => getAvailableSummary(signal),
});

export function useAvailableSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...availableSummaryQueryOptions, enabled });
}
