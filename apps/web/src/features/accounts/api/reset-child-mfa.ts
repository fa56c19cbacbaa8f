import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/**
 * `POST User/reset-child-mfa` (decision 036): the child's authenticator app, recovery codes and
 * passkeys are removed and its sessions end. The server's notice comes as the toast.
 */
export function useResetChildMfa() {
  return useMutation({
    mutationFn: (childId: string) => callEndpoint(LAZY_ENDPOINTS.resetChildMfa, { body: { childId } }),
  });
}
