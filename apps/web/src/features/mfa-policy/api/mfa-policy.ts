import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { MfaPolicy } from '@portal/contracts/mfa';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

const mfaPolicyQuery = queryOptions({
  queryKey: ['mfa-policy'] as const,
  queryFn: async ({ signal }) => (await callEndpoint(LAZY_ENDPOINTS.mfaPolicy, { signal })).data,
});

/** `GET /Organisation/mfa-policy`: the policy, whether the caller may change it, who lacks a factor. */
export function useMfaPolicy() {
  return useQuery(mfaPolicyQuery);
}

/** `PUT /Organisation/mfa-policy`: answers the policy as saved; the server's notice is the toast. */
export function useSetMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: MfaPolicy) => callEndpoint(LAZY_ENDPOINTS.setMfaPolicy, { body: { policy } }),
    onSuccess: (result) => queryClient.setQueryData(mfaPolicyQuery.queryKey, result.data),
  });
}
