import { PAGES } from '@portal/contracts/pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/hooks/use-toast';
import type { DataOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';
import { NOTICE_DURATION_MS } from '@/lib/handle-server-error';
import { clearSession } from '@/lib/session';
import { activateSignIn } from '@/lib/i18n';

/** `POST User/logout`: revokes the session on the server. */
export function logout() {
  return callRoute<DataOf<typeof ENDPOINTS.logout>>(AUTH_ROUTES.logout);
}

/**
 * docs/product.md "Logout". The local session ends even when the server call fails: a user who
 * asked to leave must not stay signed in on this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      clearSession();
      // The sign-in page is in the browser's language (decision 052), its title too.
      await activateSignIn();
      await navigate(PAGES.signIn, { replace: true });
      // Every cached query belongs to the user who just left, the roles included.
      queryClient.removeQueries();
      toast({ title: 'Logged out', duration: NOTICE_DURATION_MS });
    },
  });
}
