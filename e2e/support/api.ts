import { pathOf, type Route, ROUTES } from '@portal/contracts/routes';
import { DEMO_PASSWORD } from './browser';

/** Where the portal at `baseURL` answers `route` (paths come from the contracts' table only). */
export function apiUrl(baseURL: string, route: Route, params?: Record<string, string>): string {
  return `${baseURL}/api${pathOf(route, params)}`;
}

/** Whether a browser request or response is the call of `route` (for waits and interceptions). */
export function isCallOf(route: Route, url: string, method: string): boolean {
  return new URL(url).pathname === `/api${route.path}` && method === route.method;
}

type CallOptions = { params?: Record<string, string>; query?: Record<string, string> };

/** Calls the real API as `email` (for test set-up only: the journeys themselves go through the browser). */
export async function apiAs(baseURL: string, email: string, password = DEMO_PASSWORD) {
  const res = await fetch(apiUrl(baseURL, ROUTES.login), {
    method: ROUTES.login.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data?: { token: string } };
  if (!res.ok || !body.data) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const token = body.data.token;
  return async function call(route: Route, payload?: unknown, options: CallOptions = {}) {
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const response = await fetch(`${apiUrl(baseURL, route, options.params)}${query}`, {
      method: route.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: response.status, body: (await response.json()) as { data?: unknown; message?: string } };
  };
}

/** Demo accounts start with the EULA unaccepted; journeys about other things accept it first. */
export async function acceptEula(baseURL: string, email: string): Promise<void> {
  const call = await apiAs(baseURL, email);
  const res = await call(ROUTES.acceptEula);
  if (res.status !== 200) throw new Error(`accept-eula for ${email}: ${res.status}`);
  await call(ROUTES.logout);
}
