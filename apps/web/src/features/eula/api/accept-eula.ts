import { useMutation } from '@tanstack/react-query';
import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';

/** `POST User/accept-eula`: records the acceptance of `version` (a newer one in force is a 409). */
export function acceptEula(version: string) {
  return callRoute<DataOf<typeof ENDPOINTS.acceptEula>>(AUTH_ROUTES.acceptEula, { body: { version } });
}

/** docs/product.md: a failed acceptance is logged only, with no message to the user. */
export function useAcceptEula() {
  return useMutation({
    mutationFn: acceptEula,
    meta: { silent: true },
    onError: (error) => console.error('The EULA acceptance failed.', error),
  });
}
