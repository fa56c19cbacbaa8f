import { hasPermission } from '@portal/contracts/permissions';
import { useAllocationDialogs } from '@/features/allocations/components/use-allocation-dialogs';
import { useMe } from '@/features/auth/api/get-me';
import { PoolsPage } from '@/features/pools/components/pools-page';

/**
 * `/license-pools`: Admin and Auditor (PAGE_ROLES); the Create dialog and row menus need
 * pools:write. The Allocate and Revoke dialogs come from the allocations feature, composed here.
 */
export function LicensePoolsRoute() {
  const roles = useMe().data?.roles ?? [];
  const allocation = useAllocationDialogs();
  const toTarget = (pool: { id: string; name: string }) => ({ id: pool.id, name: pool.name, isUser: false });
  return (
    <>
      <PoolsPage
        canWrite={hasPermission(roles, 'pools:write')}
        licenseActions={
          hasPermission(roles, 'allocations:write')
            ? {
                onAllocate: (pool) => allocation.openAllocate(toTarget(pool)),
                onRevoke: (pool) => allocation.openRevoke(toTarget(pool)),
              }
            : undefined
        }
        bulkLicenseActions={
          hasPermission(roles, 'allocations:write')
            ? (mode, selection) => allocation.openBulk({ mode, targetType: 'Pool', selection })
            : undefined
        }
      />
      {allocation.dialogs}
    </>
  );
}
