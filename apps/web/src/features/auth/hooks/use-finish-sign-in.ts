import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { readRedirectFrom } from '@/lib/redirect-state';
import { clearSession, getToken } from '@/lib/session';
import { getMeQueryOptions, refreshMe } from '../api/get-me';
import { postLoginPath } from '../lib/destination';
import type { FinishSignIn } from '../lib/login-flow';

/**
 * The last step of every sign-in path inside the app: refresh the roles (which decide the landing
 * page), then go there. If the roles cannot be loaded the session is dropped, so the form can
 * simply be retried.
 */
export function useFinishSignIn(): FinishSignIn {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  return async function finishSignIn(fallback) {
    try {
      await refreshMe(queryClient);
      const user = await queryClient.fetchQuery(getMeQueryOptions(getToken()));
      await navigate(postLoginPath(user.roles, readRedirectFrom(location.state), fallback), { replace: true });
    } catch {
      // The global query handler has already told the user what went wrong.
      clearSession();
    }
  };
}
