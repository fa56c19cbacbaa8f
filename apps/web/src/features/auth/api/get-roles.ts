import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';
import { storeUser } from '@/lib/session';

/**
 * `GET User/me`, read for the roles only: how the lean login page picks the landing page without
 * TanStack Query or classic zod. The app it hands over to loads the full user on arrival.
 */
export async function getRoles(): Promise<string[]> {
  const { data } = await callRoute(AUTH_ROUTES.me, { parse: parseRoles });
  storeUser(data);
  return data.roles;
}

function parseRoles(data: unknown): { roles: string[] } {
  const roles = (data as { roles?: unknown } | null)?.roles;
  if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) {
    throw new Error('The current user has no roles.');
  }
  return data as { roles: string[] };
}
