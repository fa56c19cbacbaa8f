import type { RouteObject } from 'react-router';

/**
 * The signed-in screens of licenses: the Licenses list (with Create License), License Movement and
 * the SuperAdmin's usage report. They render inside the signed-in layout, whose guard sends roles
 * that may not open a page (PAGE_ROLES) back to `/`.
 */
export const licenseRoutes: RouteObject[] = [
  { path: 'licenses', lazy: async () => ({ Component: (await import('@/routes/licenses')).LicensesRoute }) },
  {
    path: 'license-movement',
    lazy: async () => ({ Component: (await import('@/routes/license-movement')).LicenseMovementRoute }),
  },
  {
    path: 'license-usage-report',
    lazy: async () => ({ Component: (await import('@/routes/license-usage-report')).LicenseUsageReportRoute }),
  },
];
