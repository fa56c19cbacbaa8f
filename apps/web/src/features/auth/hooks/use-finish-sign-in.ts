import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { readRedirectFrom } from '@/lib/redirect-state';
import { clearSession, getToken } from '@/lib/session';
import { getMeQueryOptions } from '../api/get-me';
import { postLoginPath } from '../lib/destination';

/**
 * The last step of every sign-in path: load the roles (which decide the landing page), then go
 * there. If the roles cannot be loaded the session is dropped, so the form can simply be retried.
 */
export function useFinishSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  return async function finishSignIn() {
    try {
      const user = await queryClient.fetchQuery(getMeQueryOptions(getToken()));
      await navigate(postLoginPath(user.roles, readRedirectFrom(location.state)), { replace: true });
    } catch {
      // The global query handler has already told the user what went wrong.
      clearSession();
    }
  };
}
