import { hasPermission } from '@portal/contracts/permissions';
import { useMe } from '@/features/auth/api/get-me';
import { PoolsPage } from '@/features/pools/components/pools-page';

/** `/license-pools`: Admin and Auditor (PAGE_ROLES); the Create dialog and row menus need pools:write. */
export function LicensePoolsRoute() {
  const roles = useMe().data?.roles ?? [];
  return <PoolsPage canWrite={hasPermission(roles, 'pools:write')} />;
}
