import { PAGE_PATTERNS, PAGES } from '@portal/contracts/pages';
import type { RouteObject } from 'react-router';
import { withAreas } from '@/lib/i18n';
import { lazyPage } from './lazy-page';

/** A licensing screen with its messages in the language shown (decision 052: the stock area). */
const stockPage = <T,>(load: () => Promise<T>) => withAreas(load, 'stock');

/**
 * The signed-in screens of licenses: the Licenses list (with Create License), License Movement, the
 * License Forecast and the SuperAdmin's usage report. They render inside the signed-in layout, whose
 * guard sends roles that may not open a page (PAGE_ROLES) back to `/`.
 */
export const licenseRoutes: RouteObject[] = [
  {
    path: PAGES.licenses,
    element: lazyPage(() => stockPage(() => import('@/routes/licenses')).then((m) => m.LicensesRoute)),
  },
  {
    path: PAGE_PATTERNS.lot,
    element: lazyPage(() => stockPage(() => import('@/routes/license-lot')).then((m) => m.LicenseLotRoute)),
  },
  {
    path: PAGES.licenseMovement,
    element: lazyPage(() => stockPage(() => import('@/routes/license-movement')).then((m) => m.LicenseMovementRoute)),
  },
  {
    path: PAGES.licenseForecast,
    element: lazyPage(() =>
      withAreas(() => import('@/routes/license-forecast'), 'insight').then((m) => m.LicenseForecastRoute),
    ),
  },
  {
    path: PAGES.licenseUsageReport,
    element: lazyPage(() =>
      stockPage(() => import('@/routes/license-usage-report')).then((m) => m.LicenseUsageReportRoute),
    ),
  },
];
