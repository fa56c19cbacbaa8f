import { JobsPage } from '@/features/reports/components/jobs-page';

/** `/reports/jobs`: every signed-in role; the server shows each only the migrations in its scope. */
export function ReportsJobsRoute() {
  return <JobsPage />;
}
