import { hasPermission } from '@portal/contracts/permissions';
import { useMe } from '@/features/auth/api/get-me';
import { UsersPage } from '@/features/accounts/components/users-page';

/** `/child-accounts`: Admin and Auditor (PAGE_ROLES, checked by the signed-in layout); Auditors read only. */
export function ChildAccountsRoute() {
  const roles = useMe().data?.roles ?? [];
  return <UsersPage canWrite={hasPermission(roles, 'child-accounts:write')} />;
}
