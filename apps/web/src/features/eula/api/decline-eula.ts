import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST User/decline-eula`: records the refusal on the server. */
export function declineEula() {
  return apiClient.post<null>('User/decline-eula');
}

export function useDeclineEula() {
  return useMutation({ mutationFn: declineEula });
}
