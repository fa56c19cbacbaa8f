import { ENDPOINTS } from '@portal/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { stockKeys } from './stock-query-keys';

/** `GET LicensePool/user-allocation-hierarchy`: the four sections of the dashboard, in one request. */
export async function getAllocationHierarchy(signal?: AbortSignal) {
  return (await callEndpoint(ENDPOINTS.allocationHierarchy, { signal })).data;
}

export const allocationHierarchyQueryOptions = queryOptions({
  queryKey: stockKeys.hierarchy,
  queryFn: ({ signal }) => getAllocationHierarchy(signal),
});

export function useAllocationHierarchy() {
  return useQuery(allocationHierarchyQueryOptions);
}
