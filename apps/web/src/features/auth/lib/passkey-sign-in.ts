import { startAuthentication } from '@simplewebauthn/browser';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import type { LoginResponse } from '@portal/contracts/login';
import { callRoute } from '@/lib/api-client';
import { parseLoginResponse } from './login-validation';

// Loaded on the first click only (import()), never with the login page: the page keeps its budget
// (docs/decisions/002-login-page-budget.md) and @simplewebauthn/browser comes when it is used.

type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/**
 * The passkey as second factor (decision 037): the options of the pending sign-in (its token is
 * the bearer), signed in the browser's own dialog. The answer goes to `POST /User/validate-2fa`.
 */
export async function passkeyAssertion() {
  const { data } = await callRoute<Options>(AUTH_ROUTES.passkeyChallenge);
  return startAuthentication({ optionsJSON: data });
}

/** A sign-in with a passkey alone: any passkey of this portal the person picks in the browser's dialog. */
export async function passkeyLogin(): Promise<LoginResponse> {
  const { data } = await callRoute<{ challengeId: string; options: Options }>(AUTH_ROUTES.passkeyLoginOptions);
  const response = await startAuthentication({ optionsJSON: data.options });
  const answer = await callRoute<LoginResponse>(AUTH_ROUTES.passkeyLogin, {
    body: { challengeId: data.challengeId, response },
    parse: parseLoginResponse,
  });
  return answer.data;
}
