import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { GroupedLicense } from '@portal/contracts/licenses';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { stockKeys } from './stock-query-keys';

/** `GET LicenseAllocation/user-summary/{childId}`: what the child's own pool holds (`users[0]`). */
export async function getChildSummary(childId: string, signal?: AbortSignal): Promise<GroupedLicense[]> {
  const { data } = await callEndpoint(ENDPOINTS.childSummary, { params: { childId }, signal });
  return data.users[0]?.groupedLicenses ?? [];
}

export function childSummaryQueryOptions(childId: string) {
  return queryOptions({
    queryKey: stockKeys.childSummary(childId),
    queryFn: ({ signal }) => getChildSummary(childId, signal),
  });
}
