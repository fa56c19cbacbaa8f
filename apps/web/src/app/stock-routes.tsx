import { PAGES } from '@portal/contracts/pages';
import type { RouteObject } from 'react-router';
import { withAreas } from '@/lib/i18n';
import { lazyPage } from './lazy-page';

/**
 * The signed-in screens of license stock built by the allocations feature: the dashboard and the
 * caller's allocations. Open to every signed-in role (no PAGE_ROLES entry); writing needs
 * allocations:write, which the pages check.
 */
export const stockRoutes: RouteObject[] = [
  { path: PAGES.dashboard, element: lazyPage(() => import('@/routes/dashboard').then((m) => m.DashboardRoute)) },
  {
    path: PAGES.licenseAllocation,
    element: lazyPage(() =>
      withAreas(() => import('@/routes/license-allocation'), 'licensing').then((m) => m.LicenseAllocationRoute),
    ),
  },
];
