import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { redirectStateFrom } from '@/lib/redirect-state';
import { clearSession } from '@/lib/session';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/**
 * Spec section 8, 401: the session is over. Drop it, forget its cached data and go to `/`,
 * remembering the page so that signing in again returns there.
 */
export async function endExpiredSession(router: Router, queryClient: QueryClient): Promise<void> {
  clearSession();
  const { location } = router.state;
  if (location.pathname !== '/') {
    await router.navigate('/', { replace: true, state: redirectStateFrom(location) });
  }
  queryClient.removeQueries();
}
