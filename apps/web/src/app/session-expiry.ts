import { PAGES } from '@portal/contracts/pages';
import type { QueryClient } from '@tanstack/react-query';
import { redirectStateFrom } from '@/lib/redirect-state';
import { clearSession } from '@/lib/session';
import { activateSignIn } from '@/lib/i18n';
import type { AppNavigation } from './app-navigation';

/**
 * docs/product.md, 401: the session is over. Drop it, forget its cached data and go to `/`,
 * remembering the page so that signing in again returns there.
 */
export function endExpiredSession(navigation: AppNavigation, queryClient: QueryClient): void {
  clearSession();
  // The sign-in page is in the browser's language (decision 052).
  void activateSignIn();
  const current = navigation.current;
  if (current && current.location.pathname !== PAGES.signIn) {
    void current.navigate(PAGES.signIn, { replace: true, state: redirectStateFrom(current.location) });
  }
  queryClient.removeQueries();
}
