import { AllAccountsPage } from '@/features/accounts/components/all-accounts-page';

/** `/users`: SuperAdmin only (PAGE_ROLES, checked by the signed-in layout). */
export function AllAccountsRoute() {
  return <AllAccountsPage />;
}
