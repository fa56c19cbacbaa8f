import { PAGES } from '@portal/contracts/pages';
import { canOpenPage, hasPermission } from '@portal/contracts/permissions';
import { useAllocationDialogs } from '@/features/allocations/components/use-allocation-dialogs';
import { useMe } from '@/features/auth/api/get-me';
import { UsersPage } from '@/features/accounts/components/users-page';

/**
 * `/child-accounts`: Admin and Auditor (PAGE_ROLES, checked by the signed-in layout); Auditors read
 * only. The Allocate and Revoke dialogs come from the allocations feature, composed here.
 */
export function ChildAccountsRoute() {
  const roles = useMe().data?.roles ?? [];
  const allocation = useAllocationDialogs();
  const toTarget = (user: { id: string; name: string }) => ({ id: user.id, name: user.name, isUser: true });
  return (
    <>
      <UsersPage
        canWrite={hasPermission(roles, 'child-accounts:write')}
        canImport={canOpenPage(roles, PAGES.importUsers)}
        licenseActions={
          hasPermission(roles, 'allocations:write')
            ? {
                onAllocate: (user) => allocation.openAllocate(toTarget(user)),
                onRevoke: (user) => allocation.openRevoke(toTarget(user)),
              }
            : undefined
        }
        bulkLicenseActions={
          hasPermission(roles, 'allocations:write')
            ? (mode, selection) => allocation.openBulk({ mode, targetType: 'User', selection })
            : undefined
        }
      />
      {allocation.dialogs}
    </>
  );
}
