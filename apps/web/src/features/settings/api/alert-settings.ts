import type { BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export type UpdateAlertSettingsRequest = BodyOf<typeof LAZY_ENDPOINTS.updateAlertSettings>;

export const alertSettingsQuery = queryOptions({
  queryKey: ['alert-settings'] as const,
  queryFn: async ({ signal }) => (await callEndpoint(LAZY_ENDPOINTS.alertSettings, { signal })).data,
});

/** `GET /Alerts/settings`: the signed-in Admin's expiry window and a threshold per product. */
export function useAlertSettings() {
  return useQuery(alertSettingsQuery);
}

/** `PUT /Alerts/settings`: replaces them; the answer is the settings as saved, and the server's toast. */
export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAlertSettingsRequest) => callEndpoint(LAZY_ENDPOINTS.updateAlertSettings, { body }),
    onSuccess: (result) => queryClient.setQueryData(alertSettingsQuery.queryKey, result.data),
    // The form puts the server's field errors under its fields.
    meta: { inline: { fields: ['expiryWindowDays', 'threshold', 'productCode'] } },
  });
}
