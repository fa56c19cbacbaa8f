import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type ResetPasswordInput = { token: string; email: string; newPassword: string; confirmPassword: string };

/** `POST User/reset-password` with the emailed link's token and email. */
export function resetPassword(input: ResetPasswordInput) {
  return apiClient.post<null>('User/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
