import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { AllocationTarget } from './allocation-target';

/** `GET User/child-accounts` (the whole list): the users the Assign Licenses dialog can pick. */
export async function getUserTargets(signal?: AbortSignal): Promise<AllocationTarget[]> {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.childAccounts, { signal });
  return data.map(({ id, name, email }) => ({ id, name: `${name} (${email})`, isUser: true }));
}

export const userTargetsQueryOptions = queryOptions({
  queryKey: [QUERY_ROOTS.childAccounts, 'allocation-targets'] as readonly string[],
  queryFn: ({ signal }) => getUserTargets(signal),
});
