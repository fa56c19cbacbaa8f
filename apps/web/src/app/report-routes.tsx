import { PAGES, PAGE_PATTERNS } from '@portal/contracts/pages';
import type { RouteObject } from 'react-router';
import { withAreas } from '@/lib/i18n';
import { lazyPage } from './lazy-page';

/** A report screen with its messages in the language shown (decision 052: the reports area). */
const reportPage = <T,>(load: () => Promise<T>) => withAreas(load, 'reports');

/**
 * The migration reports (docs/product.md), open to every signed-in role (no PAGE_ROLES entry): the
 * server answers each caller with its own scope. Drill-down: Machine/User -> Jobs -> Mailboxes
 * (`/reports/job`) -> Folders.
 */
export const reportRoutes: RouteObject[] = [
  {
    path: PAGES.reportMachines,
    element: lazyPage(() => reportPage(() => import('@/routes/reports-machine')).then((m) => m.ReportsMachineRoute)),
  },
  {
    path: PAGES.reportUsers,
    element: lazyPage(() => reportPage(() => import('@/routes/reports-users')).then((m) => m.ReportsUsersRoute)),
  },
  {
    path: PAGES.reportJobs,
    element: lazyPage(() => reportPage(() => import('@/routes/reports-jobs')).then((m) => m.ReportsJobsRoute)),
  },
  {
    path: PAGE_PATTERNS.job,
    element: lazyPage(() => reportPage(() => import('@/routes/reports-job')).then((m) => m.ReportsJobRoute)),
  },
  {
    path: PAGE_PATTERNS.folders,
    element: lazyPage(() => reportPage(() => import('@/routes/reports-folders')).then((m) => m.ReportsFoldersRoute)),
  },
];
