import { hasPermission } from '@portal/contracts/permissions';
import { useMe } from '@/features/auth/api/get-me';
import { FoldersPage } from '@/features/reports/components/folders-page';

/**
 * `/reports/folders`: every signed-in role; the server shows each only the migrations in its scope.
 * An Admin may accept a mailbox's skipped items there (decision 044).
 */
export function ReportsFoldersRoute() {
  const roles = useMe().data?.roles ?? [];
  return <FoldersPage canAcceptSkips={hasPermission(roles, 'reports:accept-skips')} />;
}
