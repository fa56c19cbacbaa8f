import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** The root of the second factors' queries (./authenticator-app.ts): every change refreshes them. */
const MFA_ROOT = 'mfa';

function usePasskeyChange<I, O>(mutationFn: (input: I) => Promise<O>, fields: string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { inline: { fields } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [MFA_ROOT] }),
  });
}

/**
 * Adds a passkey (decision 037): the server's options, the browser's own dialog (through
 * @simplewebauthn/browser, loaded on first use), then the answer with its name. Answers the
 * passkey and, for the account's first strong factor, its ten recovery codes.
 */
export const useAddPasskey = () =>
  usePasskeyChange(
    async (name: string) => {
      const { data: optionsJSON } = await callEndpoint(LAZY_ENDPOINTS.passkeyOptions);
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      return callEndpoint(LAZY_ENDPOINTS.passkeyAdd, { body: { name, response: response as never } });
    },
    ['name'],
  );

/** `DELETE /User/mfa/passkeys/:id`. */
export const useRemovePasskey = () =>
  usePasskeyChange((id: string) => callEndpoint(LAZY_ENDPOINTS.passkeyRemove, { params: { id } }));
