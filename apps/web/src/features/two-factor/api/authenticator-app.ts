import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** The root of the second factors' queries: every change refreshes them. */
const MFA_ROOT = 'mfa';

/** `GET /User/mfa`: whether an authenticator app is set up, and the recovery codes left. */
export function useMfaStatus() {
  return useQuery(
    queryOptions({
      queryKey: [MFA_ROOT],
      queryFn: async ({ signal }) => (await callEndpoint(LAZY_ENDPOINTS.mfaStatus, { signal })).data,
    }),
  );
}

/** A change of the second factors; the status is read again whatever the answer. */
function useMfaChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { inline: { fields: ['code'] } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [MFA_ROOT] }),
  });
}

/** `POST /User/mfa/totp`: a new secret and its otpauth:// address, waiting for the first code. */
export const useStartTotp = () => useMfaChange(() => callEndpoint(LAZY_ENDPOINTS.totpSetup));

/** `POST /User/mfa/totp/confirm`: the app is on; answers the recovery codes, shown once. */
export const useConfirmTotp = () =>
  useMfaChange((code: string) => callEndpoint(LAZY_ENDPOINTS.totpConfirm, { body: { code } }));

/** `DELETE /User/mfa/totp`: with a current code, the app and its recovery codes are gone. */
export const useRemoveTotp = () =>
  useMfaChange((code: string) => callEndpoint(LAZY_ENDPOINTS.totpRemove, { body: { code } }));

/** `POST /User/mfa/recovery-codes`: ten new codes; the old ones stop working. */
export const useRenewRecoveryCodes = () =>
  useMfaChange((code: string) => callEndpoint(LAZY_ENDPOINTS.recoveryCodesRenew, { body: { code } }));
