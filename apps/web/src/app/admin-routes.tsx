import type { RouteObject } from 'react-router';

/**
 * The signed-in screens of accounts and pools (Users, License Pools, the pool pages and the
 * SuperAdmin's accounts list). They render inside the signed-in layout, whose guard sends roles
 * that may not open a page (PAGE_ROLES) back to `/`; the pool pages guard their own permission.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'child-accounts',
    lazy: async () => ({ Component: (await import('@/routes/child-accounts')).ChildAccountsRoute }),
  },
  { path: 'users', lazy: async () => ({ Component: (await import('@/routes/all-accounts')).AllAccountsRoute }) },
  {
    path: 'license-pools',
    lazy: async () => ({ Component: (await import('@/routes/license-pools')).LicensePoolsRoute }),
  },
  {
    path: 'pool/users/:poolId',
    lazy: async () => ({ Component: (await import('@/routes/pool-users')).PoolUsersRoute }),
  },
  {
    path: 'pool/edit/:poolId',
    lazy: async () => ({ Component: (await import('@/routes/pool-edit')).PoolEditRoute }),
  },
];
