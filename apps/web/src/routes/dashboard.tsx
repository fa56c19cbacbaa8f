import { hasPermission } from '@portal/contracts/permissions';
import { DashboardPage } from '@/features/allocations/components/dashboard-page';
import { useMe } from '@/features/auth/api/get-me';

/** `/dashboard`: every signed-in role; those with users and pools to look after hear of them. */
export function DashboardRoute() {
  const roles = useMe().data?.roles ?? [];
  return <DashboardPage manages={hasPermission(roles, 'child-accounts:read')} />;
}
