import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

/**
 * The signed-in screens of licenses: the Licenses list (with Create License), License Movement, the
 * License Forecast and the SuperAdmin's usage report. They render inside the signed-in layout, whose
 * guard sends roles that may not open a page (PAGE_ROLES) back to `/`.
 */
export const licenseRoutes: RouteObject[] = [
  { path: 'licenses', element: lazyPage(() => import('@/routes/licenses').then((m) => m.LicensesRoute)) },
  {
    path: 'license-movement',
    element: lazyPage(() => import('@/routes/license-movement').then((m) => m.LicenseMovementRoute)),
  },
  {
    path: 'license-forecast',
    element: lazyPage(() => import('@/routes/license-forecast').then((m) => m.LicenseForecastRoute)),
  },
  {
    path: 'license-usage-report',
    element: lazyPage(() => import('@/routes/license-usage-report').then((m) => m.LicenseUsageReportRoute)),
  },
];
