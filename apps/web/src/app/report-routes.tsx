import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

/**
 * The migration reports (spec section 2), open to every signed-in role (no PAGE_ROLES entry): the
 * server answers each caller with its own scope. Drill-down: Machine/User -> Jobs -> Mailboxes
 * (`/reports/job`) -> Folders.
 */
export const reportRoutes: RouteObject[] = [
  {
    path: 'reports/machine',
    element: lazyPage(() => import('@/routes/reports-machine').then((m) => m.ReportsMachineRoute)),
  },
  {
    path: 'reports/users',
    element: lazyPage(() => import('@/routes/reports-users').then((m) => m.ReportsUsersRoute)),
  },
  { path: 'reports/jobs', element: lazyPage(() => import('@/routes/reports-jobs').then((m) => m.ReportsJobsRoute)) },
  { path: 'reports/job', element: lazyPage(() => import('@/routes/reports-job').then((m) => m.ReportsJobRoute)) },
  {
    path: 'reports/folders',
    element: lazyPage(() => import('@/routes/reports-folders').then((m) => m.ReportsFoldersRoute)),
  },
];
