import { PAGES } from '@portal/contracts/pages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { refreshMe } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { landingPath } from '@/features/auth/lib/landing';
import { EulaGate } from '@/features/eula/components/eula-gate';

/**
 * The signed-in area while the user has not accepted the agreement (every business call would
 * answer 403): accepting refreshes the roles and goes to the landing page of the roles (`/intro`;
 * a SuperAdmin's first sidebar link, the usage report: the dashboard is not in its sidebar);
 * refusing leaves only Logout.
 */
export function EulaRequired({ roles }: { roles: readonly string[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();

  async function handleAccepted() {
    await refreshMe(queryClient);
    await navigate(landingPath(roles, PAGES.intro));
  }

  return <EulaGate onAccepted={handleAccepted} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />;
}
