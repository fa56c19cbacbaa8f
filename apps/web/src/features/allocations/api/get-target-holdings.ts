import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { GroupedLicense } from '@portal/contracts/licenses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import type { AllocationTarget } from './allocation-target';
import { stockKeys } from './stock-query-keys';

/** `GET LicenseAllocation/user-summary/{childId}`: what the child's own pool holds (`users[0]`). */
export async function getChildHoldings(childId: string, signal?: AbortSignal): Promise<GroupedLicense[]> {
  const { data } = await callEndpoint(ENDPOINTS.childSummary, { params: { childId }, signal });
  return data.users[0]?.groupedLicenses ?? [];
}

/** `GET LicenseAllocation/pool-summary?poolId=`: what a shared pool holds (`data[0]`). */
export async function getPoolHoldings(poolId: string, signal?: AbortSignal): Promise<GroupedLicense[]> {
  const { data } = await callEndpoint(ENDPOINTS.poolSummary, { query: { poolId }, signal });
  return data[0]?.groupedLicenses ?? [];
}

/** What a revocation can take back from the target: the groups it holds. */
export function targetHoldingsQueryOptions(target: AllocationTarget) {
  return queryOptions({
    queryKey: target.isUser ? stockKeys.childSummary(target.id) : stockKeys.poolSummary(target.id),
    queryFn: ({ signal }) => (target.isUser ? getChildHoldings(target.id, signal) : getPoolHoldings(target.id, signal)),
  });
}

export function useTargetHoldings(target: AllocationTarget | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...targetHoldingsQueryOptions(target ?? { id: '', name: '', isUser: true }),
    enabled: enabled && target !== null,
  });
}
