import { startAuthentication } from '@simplewebauthn/browser';
import { PASSKEY_ROUTES } from '@portal/contracts/passkey-routes';
import type { LoginResponse } from '@portal/contracts/login';
import { callRoute } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { parseLoginResponse } from './login-validation';

// Loaded on the first click only (import()), never with the login page: the page keeps its budget
// (docs/decisions/002-login-page-budget.md) and @simplewebauthn/browser comes when it is used.

type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/**
 * The passkey as second factor (decision 037): the options of the pending sign-in (its token is
 * the bearer), signed in the browser's own dialog. The answer goes to `POST /User/validate-2fa`.
 */
export async function passkeyAssertion() {
  const { data } = await callRoute<Options>(PASSKEY_ROUTES.passkeyChallenge);
  return startAuthentication({ optionsJSON: data });
}

/** A sign-in with a passkey alone: any passkey of this portal the person picks in the browser's dialog. */
export async function passkeyLogin(): Promise<LoginResponse> {
  const { data } = await callRoute<{ challengeId: string; options: Options }>(PASSKEY_ROUTES.passkeyLoginOptions);
  const response = await startAuthentication({ optionsJSON: data.options });
  const answer = await callRoute<LoginResponse>(PASSKEY_ROUTES.passkeyLogin, {
    body: { challengeId: data.challengeId, response },
    parse: parseLoginResponse,
  });
  return answer.data;
}

/**
 * The login page's "Sign in with a passkey": the login's answer, or the message to show. The
 * forced password change asks for the current password, which a passkey sign-in never typed.
 */
export async function signInWithPasskey(): Promise<{ response: LoginResponse } | { error: string }> {
  try {
    clearSession();
    const response = await passkeyLogin();
    if (!response.requirePasswordChange) return { response };
    clearSession();
    return { error: 'Your password must be changed first: sign in with your email and password.' };
  } catch (caught) {
    const name = caught instanceof Error ? caught.name : '';
    if (name === 'NotAllowedError' || name === 'AbortError')
      return { error: 'The passkey was not used. Try again when you are ready.' };
    return {
      error:
        caught instanceof Error && caught.message
          ? caught.message
          : 'The passkey could not be checked. Please try again.',
    };
  }
}
