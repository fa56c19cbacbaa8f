import { currentUserSchema, type CurrentUser } from '@portal/contracts/auth';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';
import { getToken, storeUser } from '@/lib/session';

/** docs/product.md: the current user is fresh for 5 minutes. */
const ME_CACHE_MS = 5 * 60 * 1000;

/** `GET User/me`: who is signed in, with the roles every guard and the sidebar read. */
export async function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  const { data } = await callRoute(AUTH_ROUTES.me, { signal, parse: (value) => currentUserSchema.parse(value) });
  storeUser(data);
  return data;
}

const ME_QUERY_KEY = ['me'] as const;

/** Cached per session token, so a new sign-in never sees the previous user's roles. */
export function getMeQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...ME_QUERY_KEY, token] as const,
    queryFn: ({ signal }) => getMe(signal),
    enabled: Boolean(token),
    staleTime: ME_CACHE_MS,
    gcTime: ME_CACHE_MS,
    retry: false,
    refetchOnMount: false,
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions(getToken()));
}

/** "Refresh roles" (docs/product.md): the current user, for every token, is loaded again. */
export function refreshMe(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}

/** Caches `user` for `token` too: a new token of the same user (after a password change) needs no reload. */
export function keepMeForToken(queryClient: QueryClient, token: string, user: CurrentUser): void {
  queryClient.setQueryData(getMeQueryOptions(token).queryKey, user);
}
