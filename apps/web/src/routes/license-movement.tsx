import { MovementsPage } from '@/features/licenses/components/movements-page';

/** `/license-movement`: every signed-in role; the server shows each only the movements in its scope. */
export function LicenseMovementRoute() {
  return <MovementsPage />;
}
