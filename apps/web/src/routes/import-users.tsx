import { ImportUsersPage } from '@/features/accounts/import/import-users-page';

/** `/child-accounts/import`: Admins only (PAGE_ROLES, checked by the signed-in layout). */
export function ImportUsersRoute() {
  return <ImportUsersPage />;
}
