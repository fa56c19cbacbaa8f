import type { Route } from './route';

/**
 * The passkeys' part of the API's address table (decision 037; routes.ts spreads it into ROUTES):
 * apart from AUTH_ROUTES so that the lean login page does not load them up front. Its passkey
 * button imports them with the WebAuthn code, on the click (docs/decisions/002-login-page-budget.md).
 */
export const PASSKEY_ROUTES = {
  passkeyOptions: { method: 'POST', path: '/User/mfa/passkeys/options' },
  passkeyAdd: { method: 'POST', path: '/User/mfa/passkeys' },
  passkeyRename: { method: 'PATCH', path: '/User/mfa/passkeys/:id' },
  passkeyRemove: { method: 'DELETE', path: '/User/mfa/passkeys/:id' },
  passkeyChallenge: { method: 'POST', path: '/User/passkey/challenge' },
  passkeyLoginOptions: { method: 'POST', path: '/User/passkey/login-options' },
  passkeyLogin: { method: 'POST', path: '/User/passkey/login' },
} as const satisfies Record<string, Route>;
