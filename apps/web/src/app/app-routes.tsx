import { Suspense, useLayoutEffect } from 'react';
import { useLocation, useNavigate, useNavigationType, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '@/components/route-error';
import { FullScreenSpinner } from '@/components/ui/spinner';
import type { AppNavigation } from './app-navigation';
import { retryFailedPages } from './lazy-page';
import { pageTitleOf } from './page-titles';
import { useLocale } from '@/lib/i18n';
import { routes } from './router';

/**
 * The routes, in React Router's declarative mode (docs/decisions/021-web-weight.md): a crash shows
 * the error page until the location changes; the first page waits behind a spinner, and later
 * navigations keep the current page until the next one's code has arrived (the router's
 * transitions).
 */
export function AppRoutes({ navigationRef }: { navigationRef: AppNavigation }) {
  const location = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  const element = useRoutes(routes);
  useLayoutEffect(() => {
    navigationRef.current = { location, action, navigate };
  }, [navigationRef, location, action, navigate]);
  // Each screen has its own title (WCAG 2.4.2), in the history and the tabs too.
  // In the interface's language (decision 052): a change of language names the screen again.
  const locale = useLocale();
  useLayoutEffect(() => {
    document.title = pageTitleOf(location.pathname);
  }, [location.pathname, locale]);

  return (
    <RouteErrorBoundary resetKey={location.key} onRetry={retryFailedPages}>
      <Suspense fallback={<FullScreenSpinner />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
