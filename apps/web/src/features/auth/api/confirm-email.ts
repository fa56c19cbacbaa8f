import { apiClient } from '@/lib/api-client';

/**
 * `POST User/confirm-email`: spends the single-use token of the validation mail. Only a press of
 * the page's button sends it; opening the mailed link (as mail scanners do) changes nothing.
 */
export function confirmEmail(token: string) {
  return apiClient.post<null>('User/confirm-email', { token });
}
