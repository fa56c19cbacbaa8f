import type { RouteObject } from 'react-router';

/**
 * The migration reports (spec section 2), open to every signed-in role (no PAGE_ROLES entry): the
 * server answers each caller with its own scope. Drill-down: Machine/User -> Jobs -> Mailboxes
 * (`/reports/job`) -> Folders.
 */
export const reportRoutes: RouteObject[] = [
  {
    path: 'reports/machine',
    lazy: async () => ({ Component: (await import('@/routes/reports-machine')).ReportsMachineRoute }),
  },
  {
    path: 'reports/users',
    lazy: async () => ({ Component: (await import('@/routes/reports-users')).ReportsUsersRoute }),
  },
  { path: 'reports/jobs', lazy: async () => ({ Component: (await import('@/routes/reports-jobs')).ReportsJobsRoute }) },
  { path: 'reports/job', lazy: async () => ({ Component: (await import('@/routes/reports-job')).ReportsJobRoute }) },
  {
    path: 'reports/folders',
    lazy: async () => ({ Component: (await import('@/routes/reports-folders')).ReportsFoldersRoute }),
  },
];
