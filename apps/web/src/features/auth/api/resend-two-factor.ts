import { useMutation } from '@tanstack/react-query';
import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';

/** `POST User/resend-2fa` with the pending token: mails a new code, which replaces the old one. */
export function resendTwoFactor() {
  return callRoute<DataOf<typeof ENDPOINTS.resendTwoFactor>>(AUTH_ROUTES.resendTwoFactor);
}

/** The server's message ('A new code has been sent…') is the success toast of the global handler. */
export function useResendTwoFactor() {
  return useMutation({ mutationFn: resendTwoFactor });
}
