import { useMutation } from '@tanstack/react-query';
import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';

export type ResetPasswordInput = { token: string; email: string; newPassword: string; confirmPassword: string };

/** `POST User/reset-password` with the emailed link's token and email. */
export function resetPassword(input: ResetPasswordInput) {
  return callRoute<DataOf<typeof ENDPOINTS.resetPassword>>(AUTH_ROUTES.resetPassword, { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
