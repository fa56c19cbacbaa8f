import type { LoginRequest, LoginResponse } from '@portal/contracts/login';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';
import { parseLoginResponse } from '../lib/login-validation';

/**
 * `POST User/login`: checks the credentials and answers with a (possibly pending) token.
 * A plain call, not a TanStack mutation: the lean login page runs without TanStack Query.
 */
export function login(credentials: LoginRequest) {
  return callRoute<LoginResponse>(AUTH_ROUTES.login, { body: credentials, parse: parseLoginResponse });
}
