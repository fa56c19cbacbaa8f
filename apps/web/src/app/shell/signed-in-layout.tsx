import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { canOpenPath } from '@/lib/page-access';
import { redirectStateFrom } from '@/lib/redirect-state';
import { hasSession } from '@/lib/session';
import { AppShell } from './app-shell';

/**
 * The gate of the signed-in area (spec section 2): no session goes to `/` remembering where it was
 * headed, a spinner shows until the roles are known, and a page the roles may not open goes to `/`.
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const me = useMe();

  if (!hasSession()) return <Navigate to="/" replace state={redirectStateFrom(location)} />;
  if (me.isPending) return <FullScreenSpinner />;
  // A 401 is handled globally (session cleared, back to `/`); anything else is a server fault.
  if (me.isError) return <ErrorView code={500} fullScreen />;
  if (!canOpenPath(me.data.roles, location.pathname)) return <Navigate to="/" replace />;

  return <AppShell user={me.data}>{children ?? <Outlet />}</AppShell>;
}
