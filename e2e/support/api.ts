import { DEMO_PASSWORD } from './browser';

/** Calls the real API as `email` (for test set-up only: the journeys themselves go through the browser). */
export async function apiAs(baseURL: string, email: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${baseURL}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data?: { token: string } };
  if (!res.ok || !body.data) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const token = body.data.token;
  return async function call(method: string, path: string, payload?: unknown) {
    const response = await fetch(`${baseURL}/api/${path}`, {
      method,
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
  const res = await call('POST', 'User/accept-eula');
  if (res.status !== 200) throw new Error(`accept-eula for ${email}: ${res.status}`);
  await call('POST', 'User/logout');
}
