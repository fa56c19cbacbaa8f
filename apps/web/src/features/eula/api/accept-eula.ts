import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST User/accept-eula`: records the acceptance of `version` (a newer one in force is a 409). */
export function acceptEula(version: string) {
  return apiClient.post<null>('User/accept-eula', { version });
}

/** Spec section 8: a failed acceptance is logged only, with no message to the user. */
export function useAcceptEula() {
  return useMutation({
    mutationFn: acceptEula,
    meta: { silent: true },
    onError: (error) => console.error('The EULA acceptance failed.', error),
  });
}
