import type { CurrentUser } from '@portal/contracts/auth';
import { PAGES } from '@portal/contracts/pages';
import { lazy, Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ListViewsSlot } from '@/components/data-table/list-views-slot';
import { ErrorView } from '@/components/error-view';
import { RouteError, RouteErrorBoundary } from '@/components/route-error';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { NetworkError } from '@/lib/api-client';
import { canOpenPath } from '@/lib/page-access';
import { redirectStateFrom } from '@/lib/redirect-state';
import { setChosenTimeZone } from '@/lib/time-zone';
import { activateLocale, browserLocale, useLocale, withAreas } from '@/lib/i18n';
import { hasSession } from '@/lib/session';
import { retryFailedPages } from '../lazy-page';
import { AppShell } from './app-shell';

// A list's Views menu (decision 050), handed to the lists through ListViewsSlot; loaded with the first list.
// Its messages are the lists area's (decision 052), fetched with it.
const ViewsMenu = lazy(() =>
  withAreas(() => import('@/features/saved-views/components/views-menu'), 'lists').then((m) => ({
    default: m.ViewsMenu,
  })),
);

// Needed once per user at most: loaded only then.
const EulaRequired = lazy(() => import('./eula-required').then((m) => ({ default: m.EulaRequired })));

/**
 * The gate of the signed-in area (docs/product.md): no session goes to `/` remembering where it was
 * headed, a spinner shows until the roles are known, a page the roles may not open goes to `/`,
 * and the EULA prompt shows until the agreement is accepted (docs/product.md).
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const me = useMe();
  const locale = useShownLocale(me.data?.locale);

  if (!hasSession()) return <Navigate to={PAGES.signIn} replace state={redirectStateFrom(location)} />;
  if (me.isPending || locale === null) return <FullScreenSpinner />;
  // A 401 is handled globally (session cleared, back to `/`); no answer at all is the connection
  // (docs/product.md, 'Network Error', with a way to try again); anything else is a server fault.
  if (me.isError) {
    if (me.error instanceof NetworkError) return <RouteError error={me.error} onRetry={() => void me.refetch()} />;
    return <ErrorView code={500} fullScreen />;
  }
  if (!canOpenPath(me.data.roles, location.pathname)) return <Navigate to={PAGES.signIn} replace />;
  if (!me.data.isEULAAccepted) {
    // The page itself stays out: its calls would only be refused until the agreement is accepted.
    return (
      <AppShell key={locale} user={me.data}>
        <Suspense fallback={null}>
          <EulaRequired roles={me.data.roles} />
        </Suspense>
      </AppShell>
    );
  }

  // Every formatter reads the person's zone (decision 051); a new one shows the page again in it.
  setChosenTimeZone(me.data.timeZone);
  return (
    // A new language renders the shell and the page again, each string in it (decision 052).
    <AppShell key={locale} user={me.data}>
      {/* A page that fails (its code could not be fetched offline) keeps the shell around its message. */}
      <RouteErrorBoundary resetKey={location.key} onRetry={retryFailedPages} inShell>
        <ListViewsSlot key={me.data.timeZone ?? ''} value={<ViewsMenu />}>
          {children ?? <Outlet />}
        </ListViewsSlot>
      </RouteErrorBoundary>
    </AppShell>
  );
}

/**
 * The language the interface is shown in (decision 052): the person's choice, else the browser's.
 * Null while a chosen language's catalogue loads (a spinner, not a flash of English); when it
 * cannot be fetched (offline), the interface stays in the language it has.
 */
function useShownLocale(chosen: CurrentUser['locale'] | undefined) {
  const shown = useLocale();
  const wanted = chosen === undefined ? shown : (chosen ?? browserLocale());
  const [failed, setFailed] = useState<string | null>(null);
  // Before paint: with the catalogues already here (the language form fetched them), the switch
  // lands before the spinner is ever drawn.
  useLayoutEffect(() => {
    if (wanted !== shown && failed !== wanted) activateLocale(wanted).catch(() => setFailed(wanted));
  }, [wanted, shown, failed]);
  return wanted === shown || failed === wanted ? shown : null;
}
