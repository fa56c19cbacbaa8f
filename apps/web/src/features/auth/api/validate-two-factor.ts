import { tokenResponseSchema } from '@portal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import type { TwoFactorMethod } from '@portal/contracts/mfa';
import { callRoute } from '@/lib/api-client';

export type ValidateTwoFactorInput = {
  token: string;
  twoFactorCode?: string;
  method?: TwoFactorMethod;
  /** For `method: 'passkey'`: the browser's AuthenticationResponseJSON (decision 037). */
  passkey?: unknown;
};

/** `POST User/validate-2fa` with the pending token (bearer and body): answers a full session token. */
export function validateTwoFactor(input: ValidateTwoFactorInput) {
  return callRoute(AUTH_ROUTES.validateTwoFactor, { body: input, parse: (data) => tokenResponseSchema.parse(data) });
}

export function useValidateTwoFactor() {
  // A wrong code shows under the code input.
  return useMutation({ mutationFn: validateTwoFactor, meta: { inline: { fields: ['twoFactorCode'] } } });
}
