import { useMutation } from '@tanstack/react-query';
import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';

/** `POST User/decline-eula`: records the refusal on the server. */
export function declineEula() {
  return callRoute<DataOf<typeof ENDPOINTS.declineEula>>(AUTH_ROUTES.declineEula);
}

export function useDeclineEula() {
  return useMutation({ mutationFn: declineEula });
}
