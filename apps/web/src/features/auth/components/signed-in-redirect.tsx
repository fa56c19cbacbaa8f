import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { readRedirectFrom } from '@/lib/redirect-state';
import { clearSession, getToken } from '@/lib/session';
import { useMe } from '../api/get-me';
import { postLoginPath } from '../lib/destination';
import { RoutedLoginPage } from './routed-login-page';

/** `/` opened while signed in: on to the landing page of the user's roles. */
export function SignedInRedirect() {
  const me = useMe();
  const location = useLocation();

  useEffect(() => {
    // Roles that cannot be loaded leave nothing to sign in with; start over from the form.
    if (me.isError) clearSession();
  }, [me.isError]);

  // An expired session (401) has been cleared by the global handler: sign in again.
  if (me.isError || !getToken()) return <RoutedLoginPage />;
  if (me.isPending) return <FullScreenSpinner />;
  return <Navigate to={postLoginPath(me.data.roles, readRedirectFrom(location.state))} replace />;
}
