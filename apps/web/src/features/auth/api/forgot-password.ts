import { useMutation } from '@tanstack/react-query';
import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';

/** `POST User/forgot-password`: always the same answer, whether or not the email has an account. */
export function forgotPassword(input: { email: string }) {
  return callRoute<DataOf<typeof ENDPOINTS.forgotPassword>>(AUTH_ROUTES.forgotPassword, { body: input });
}

export function useForgotPassword() {
  // The page shows the answer in place of the form, and an invalid address under the field.
  return useMutation({ mutationFn: forgotPassword, meta: { inline: { fields: ['email'], success: true } } });
}
