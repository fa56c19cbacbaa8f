import type { BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export type UpdateSsoSettingsRequest = BodyOf<typeof LAZY_ENDPOINTS.updateSsoSettings>;

export const ssoSettingsQuery = queryOptions({
  queryKey: ['sso-settings'] as const,
  queryFn: async ({ signal }) => (await callEndpoint(LAZY_ENDPOINTS.ssoSettings, { signal })).data,
  // A child Admin is answered 403: the page says so, no retry.
  retry: false,
});

/** `GET /Sso`: the organisation's single sign-on, never its client secret (decision 038). */
export function useSsoSettings() {
  return useQuery(ssoSettingsQuery);
}

/** `PUT /Sso`: saves the connection and its domains; the answer is the settings as saved. */
export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoSettingsRequest) => callEndpoint(LAZY_ENDPOINTS.updateSsoSettings, { body }),
    onSuccess: (result) => queryClient.setQueryData(ssoSettingsQuery.queryKey, result.data),
    meta: { inline: { fields: ['issuer', 'clientId', 'clientSecret', 'domains', 'breakGlassAccountId'] } },
  });
}

/** `POST /Sso/test`: the issuer's discovery, through the server's guard. */
export function useTestSso() {
  return useMutation({
    mutationFn: (issuer: string) => callEndpoint(LAZY_ENDPOINTS.testSso, { body: { issuer } }),
    meta: { inline: { fields: ['issuer'], success: true } },
  });
}
