import { PAGES, PAGE_PATTERNS } from '@portal/contracts/pages';
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

/**
 * The migration reports (docs/product.md), open to every signed-in role (no PAGE_ROLES entry): the
 * server answers each caller with its own scope. Drill-down: Machine/User -> Jobs -> Mailboxes
 * (`/reports/job`) -> Folders.
 */
export const reportRoutes: RouteObject[] = [
  {
    path: PAGES.reportMachines,
    element: lazyPage(() => import('@/routes/reports-machine').then((m) => m.ReportsMachineRoute)),
  },
  {
    path: PAGES.reportUsers,
    element: lazyPage(() => import('@/routes/reports-users').then((m) => m.ReportsUsersRoute)),
  },
  { path: PAGES.reportJobs, element: lazyPage(() => import('@/routes/reports-jobs').then((m) => m.ReportsJobsRoute)) },
  { path: PAGE_PATTERNS.job, element: lazyPage(() => import('@/routes/reports-job').then((m) => m.ReportsJobRoute)) },
  {
    path: PAGE_PATTERNS.folders,
    element: lazyPage(() => import('@/routes/reports-folders').then((m) => m.ReportsFoldersRoute)),
  },
];
