import { ENDPOINTS } from '@portal/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { stockKeys } from './stock-query-keys';

/** `GET LicenseAllocation/available-summary`: what the caller can hand on now, by product group. */
export async function getAvailableSummary(signal?: AbortSignal) {
  return (await callEndpoint(ENDPOINTS.availableSummary, { signal })).data;
}

export const availableSummaryQueryOptions = queryOptions({
  queryKey: stockKeys.availableSummary,
  queryFn: ({ signal }) => getAvailableSummary(signal),
});

export function useAvailableSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...availableSummaryQueryOptions, enabled });
}
