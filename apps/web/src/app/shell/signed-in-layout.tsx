import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { canOpenPath } from '@/lib/page-access';
import { redirectStateFrom } from '@/lib/redirect-state';
import { hasSession } from '@/lib/session';
import { AppShell } from './app-shell';

// Needed once per user at most: loaded only then.
const EulaRequired = lazy(() => import('./eula-required').then((m) => ({ default: m.EulaRequired })));

/**
 * The gate of the signed-in area (spec section 2): no session goes to `/` remembering where it was
 * headed, a spinner shows until the roles are known, a page the roles may not open goes to `/`,
 * and the EULA prompt shows until the agreement is accepted (spec section 4).
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const me = useMe();

  if (!hasSession()) return <Navigate to="/" replace state={redirectStateFrom(location)} />;
  if (me.isPending) return <FullScreenSpinner />;
  // A 401 is handled globally (session cleared, back to `/`); anything else is a server fault.
  if (me.isError) return <ErrorView code={500} fullScreen />;
  if (!canOpenPath(me.data.roles, location.pathname)) return <Navigate to="/" replace />;
  if (!me.data.isEULAAccepted) {
    // The page itself stays out: its calls would only be refused until the agreement is accepted.
    return (
      <AppShell user={me.data}>
        <Suspense fallback={null}>
          <EulaRequired />
        </Suspense>
      </AppShell>
    );
  }

  return <AppShell user={me.data}>{children ?? <Outlet />}</AppShell>;
}
