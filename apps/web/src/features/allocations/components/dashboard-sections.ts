import { t } from '@lingui/core/macro';
import type { AllocationHierarchy, ProductAllocationRow } from '@portal/contracts/licenses';

/** A dashboard row: a group a pool holds, with whose pool it is for the shared and users sections. */
export type DashboardRow = ProductAllocationRow & { userName?: string; userEmail?: string };

export type DashboardSectionId = 'own' | 'account' | 'shared' | 'users';

export type DashboardSection = { id: DashboardSectionId; title: string; rows: DashboardRow[] };

/**
 * docs/product.md, `/dashboard`: the four sections in their order, each only when it has rows.
 * 'Default Pool' is the caller's own stock (shown as Individual elsewhere).
 */
export function dashboardSections(hierarchy: AllocationHierarchy): DashboardSection[] {
  const sections: DashboardSection[] = [
    { id: 'own', title: t`Dashboard`, rows: hierarchy.defaultPool.productAllocations },
    { id: 'account', title: t`Account Pool`, rows: hierarchy.parentAccountPool?.productAllocations ?? [] },
    {
      id: 'shared',
      title: t`Shared Pool Licenses`,
      rows: hierarchy.customPools.flatMap((pool) =>
        pool.productAllocations.map((row) => ({ ...row, poolName: row.poolName || pool.poolName })),
      ),
    },
    {
      id: 'users',
      title: t`Users Licenses`,
      rows: hierarchy.childUsers.flatMap((child) =>
        child.defaultPool.productAllocations.map((row) => ({
          ...row,
          userName: child.userName,
          userEmail: row.childEmail ?? child.userEmail,
        })),
      ),
    },
  ];
  return sections.filter((section) => section.rows.length > 0);
}
