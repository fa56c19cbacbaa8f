import type { RouteObject } from 'react-router';

/**
 * The signed-in screens of license stock built by the allocations feature: the dashboard and the
 * caller's allocations. Open to every signed-in role (no PAGE_ROLES entry); writing needs
 * allocations:write, which the pages check.
 */
export const stockRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('@/routes/dashboard')).DashboardRoute }) },
  {
    path: 'license-allocation',
    lazy: async () => ({ Component: (await import('@/routes/license-allocation')).LicenseAllocationRoute }),
  },
];
