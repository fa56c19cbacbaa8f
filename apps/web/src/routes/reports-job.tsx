import { JobPage } from '@/features/reports/components/job-page';

/** `/reports/job`: every signed-in role; the server shows each only the migrations in its scope. */
export function ReportsJobRoute() {
  return <JobPage />;
}
