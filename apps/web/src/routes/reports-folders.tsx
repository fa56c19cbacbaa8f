import { FoldersPage } from '@/features/reports/components/folders-page';

/** `/reports/folders`: every signed-in role; the server shows each only the migrations in its scope. */
export function ReportsFoldersRoute() {
  return <FoldersPage />;
}
