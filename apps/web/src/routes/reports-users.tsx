import { UsersReportPage } from '@/features/reports/components/users-page';

/** `/reports/users`: every signed-in role; the server shows each only the migrations in its scope. */
export function ReportsUsersRoute() {
  return <UsersReportPage />;
}
