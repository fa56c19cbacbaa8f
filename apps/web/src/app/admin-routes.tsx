import type { RouteObject } from 'react-router';

/**
 * The signed-in screens of accounts and pools (Users, License Pools, the pool pages and the
 * SuperAdmin's accounts list). They render inside the signed-in layout, whose guard sends roles
 * that may not open a page (PAGE_ROLES) back to `/`.
 */
export const adminRoutes: RouteObject[] = [];
