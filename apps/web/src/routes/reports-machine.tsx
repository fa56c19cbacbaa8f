import { hasPermission } from '@portal/contracts/permissions';
import { useMe } from '@/features/auth/api/get-me';
import { MachinesPage } from '@/features/reports/components/machines-page';

/** `/reports/machine`: every signed-in role; the server shows each only the migrations in its scope. */
export function ReportsMachineRoute() {
  const roles = useMe().data?.roles ?? [];
  return <MachinesPage canRelease={hasPermission(roles, 'machines:manage')} />;
}
