import { MachinesPage } from '@/features/reports/components/machines-page';

/**
 * `/reports/machine`: every signed-in role; the server shows each only the migrations in its scope,
 * and says in a machine's detail what the caller may release, block or unblock.
 */
export function ReportsMachineRoute() {
  return <MachinesPage />;
}
