import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST User/forgot-password`: always the same answer, whether or not the email has an account. */
export function forgotPassword(input: { email: string }) {
  return apiClient.post<null>('User/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
