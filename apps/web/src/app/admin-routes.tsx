import { PAGES, PAGE_PATTERNS } from '@portal/contracts/pages';
import type { RouteObject } from 'react-router';
import { withAreas } from '@/lib/i18n';
import { lazyPage } from './lazy-page';

/** The Users screens open the Allocate and Revoke dialogs (the licensing area's) too. */
const usersPage = <T,>(load: () => Promise<T>) => withAreas(load, 'users', 'licensing');
const licensingPage = <T,>(load: () => Promise<T>) => withAreas(load, 'licensing');

/**
 * The signed-in screens of accounts and pools (Users, License Pools, the pool pages and the
 * SuperAdmin's accounts list). They render inside the signed-in layout, whose guard sends roles
 * that may not open a page (PAGE_ROLES) back to `/`; the pool pages guard their own permission.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: PAGES.childAccounts,
    element: lazyPage(() => usersPage(() => import('@/routes/child-accounts')).then((m) => m.ChildAccountsRoute)),
  },
  {
    path: PAGES.importUsers,
    element: lazyPage(() => usersPage(() => import('@/routes/import-users')).then((m) => m.ImportUsersRoute)),
  },
  {
    path: PAGES.auditTrail,
    element: lazyPage(() => withAreas(() => import('@/routes/audit-trail'), 'insight').then((m) => m.AuditTrailRoute)),
  },
  {
    path: PAGES.allAccounts,
    element: lazyPage(() => usersPage(() => import('@/routes/all-accounts')).then((m) => m.AllAccountsRoute)),
  },
  {
    path: PAGES.licensePools,
    element: lazyPage(() => licensingPage(() => import('@/routes/license-pools')).then((m) => m.LicensePoolsRoute)),
  },
  {
    path: PAGE_PATTERNS.poolUsers,
    element: lazyPage(() => licensingPage(() => import('@/routes/pool-users')).then((m) => m.PoolUsersRoute)),
  },
  {
    path: PAGE_PATTERNS.poolEdit,
    element: lazyPage(() => licensingPage(() => import('@/routes/pool-edit')).then((m) => m.PoolEditRoute)),
  },
];
