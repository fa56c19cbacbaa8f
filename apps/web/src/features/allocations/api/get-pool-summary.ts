import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { GroupedLicense } from '@portal/contracts/licenses';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { stockKeys } from './stock-query-keys';

/** `GET LicenseAllocation/pool-summary?poolId=`: what a shared pool holds (`data[0]`). */
export async function getPoolSummary(poolId: string, signal?: AbortSignal): Promise<GroupedLicense[]> {
  const { data } = await callEndpoint(ENDPOINTS.poolSummary, { query: { poolId }, signal });
  return data[0]?.groupedLicenses ?? [];
}

export function poolSummaryQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: stockKeys.poolSummary(poolId),
    queryFn: ({ signal }) => getPoolSummary(poolId, signal),
  });
}
