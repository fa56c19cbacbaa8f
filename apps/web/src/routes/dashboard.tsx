import { DashboardPage } from '@/features/allocations/components/dashboard-page';

/** `/dashboard`: every signed-in role. */
export function DashboardRoute() {
  return <DashboardPage />;
}
