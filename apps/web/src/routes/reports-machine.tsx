import { MachinesPage } from '@/features/reports/components/machines-page';

/** `/reports/machine`: every signed-in role; the server shows each only the migrations in its scope. */
export function ReportsMachineRoute() {
  return <MachinesPage />;
}
