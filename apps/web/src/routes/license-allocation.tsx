import { hasPermission } from '@portal/contracts/permissions';
import { AllocationsPage } from '@/features/allocations/components/allocations-page';
import { useMe } from '@/features/auth/api/get-me';

/** `/license-allocation`: every signed-in role; Assign Licenses for Admin and SuperAdmin. */
export function LicenseAllocationRoute() {
  const roles = useMe().data?.roles ?? [];
  return <AllocationsPage canAssign={hasPermission(roles, 'allocations:write')} />;
}
