import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';

/**
 * `POST User/confirm-email`: spends the single-use token of the validation mail. Only a press of
 * the page's button sends it; opening the mailed link (as mail scanners do) changes nothing.
 * Reached from the login page, so it keeps to the zod-free route table (decision 002).
 */
export function confirmEmail(token: string) {
  return callRoute<DataOf<typeof ENDPOINTS.confirmEmail>>(AUTH_ROUTES.confirmEmail, { body: { token } });
}
