import type { LoginResponse } from '@portal/contracts/login';
import { ROUTES } from '@portal/contracts/routes';
import { callRoute } from '@/lib/api-client';
import { parseLoginResponse } from '../lib/login-validation';

/**
 * `POST Sso/exchange` (decision 038): the one-time code of `/sso-callback` for the answer
 * `POST User/login` would have given. The browser's binding cookie goes with it.
 */
export function exchangeSsoCode(code: string) {
  return callRoute<LoginResponse>(ROUTES.ssoExchange, { body: { code }, parse: parseLoginResponse });
}
