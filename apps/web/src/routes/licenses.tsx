import { hasPermission, isSuperAdmin } from '@portal/contracts/permissions';
import { useMe } from '@/features/auth/api/get-me';
import { LicensesPage } from '@/features/licenses/components/licenses-page';

/**
 * `/licenses`: Admin and Auditor (PAGE_ROLES, checked by the signed-in layout). The Create License
 * dialog is for Admin and SuperAdmin (`licenses:create`); an Admin issues from its own stock.
 */
export function LicensesRoute() {
  const roles = useMe().data?.roles ?? [];
  return <LicensesPage canCreate={hasPermission(roles, 'licenses:create')} issuesFromOwnStock={!isSuperAdmin(roles)} />;
}
