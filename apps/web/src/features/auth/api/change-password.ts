import { tokenResponseSchema, type ChangePasswordRequest } from '@portal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';
import type { InlineNotices } from '@/lib/handle-server-error';

/**
 * `POST User/change-password`, from settings or the forced change at first login. The server ends
 * every other session of the account and answers the token of a new one.
 */
export function changePassword(input: ChangePasswordRequest) {
  return callRoute(AUTH_ROUTES.changePassword, { body: input, parse: (data) => tokenResponseSchema.parse(data) });
}

/** `inline`: the fields the calling form shows the server's errors on, so no toast repeats them. */
export function useChangePassword(inline: InlineNotices) {
  return useMutation({ mutationFn: changePassword, meta: { inline } });
}
