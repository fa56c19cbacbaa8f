import type { CurrentUser } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/roles';
import { SESSION_KEYS } from '@/lib/storage-keys';

export function userWith(roles: Role[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u-1',
    name: 'Dana Reyes',
    email: 'dana@contoso.example',
    lastLogin: '2025-03-04T05:06:07Z',
    roles,
    isEULAAccepted: true,
    timeZone: null,
    locale: null,
    ...overrides,
  };
}

/** A signed-in browser tab: what a completed login leaves in session storage. */
export function signIn(token = 'session-token'): void {
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.isLoggedIn, 'true');
}
