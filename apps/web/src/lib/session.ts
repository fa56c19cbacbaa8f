import { SESSION_KEYS } from './storage-keys';

/** The session lives in sessionStorage: it ends with the tab, as the spec's session values do. */
export function getToken(): string | null {
  return sessionStorage.getItem(SESSION_KEYS.token);
}

export function setToken(token: string): void {
  sessionStorage.setItem(SESSION_KEYS.token, token);
}

export function setLoggedIn(loggedIn: boolean): void {
  sessionStorage.setItem(SESSION_KEYS.isLoggedIn, String(loggedIn));
}

/**
 * Signed in means a token and isLoggedIn=true. A token alone may be a pending one (password change
 * or two-factor still to do), which opens nothing but its own calls.
 */
export function hasSession(): boolean {
  return Boolean(getToken()) && sessionStorage.getItem(SESSION_KEYS.isLoggedIn) === 'true';
}

export function storeUser(user: unknown): void {
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  sessionStorage.removeItem(SESSION_KEYS.token);
  sessionStorage.removeItem(SESSION_KEYS.user);
  sessionStorage.removeItem(SESSION_KEYS.isLoggedIn);
}
