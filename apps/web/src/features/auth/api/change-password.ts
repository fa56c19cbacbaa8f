import { tokenResponseSchema, type ChangePasswordRequest } from '@portal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@portal/contracts/routes';
import { callRoute } from '@/lib/api-client';

/**
 * `POST User/change-password`, from settings or the forced change at first login. The server ends
 * every other session of the account and answers the token of a new one.
 */
export function changePassword(input: ChangePasswordRequest) {
  return callRoute(ROUTES.changePassword, { body: input, parse: (data) => tokenResponseSchema.parse(data) });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
