import { PAGES } from '@portal/contracts/pages';
import { hasPermission } from '@portal/contracts/permissions';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { LotPage } from '@/features/licenses/components/lot-page';

/** `/licenses/:licenseId?tab=…`: a lot and its Consumption tab (decision 046), for the roles that read licenses. */
export function LicenseLotRoute() {
  const { licenseId = '' } = useParams();
  const [params] = useSearchParams();
  const roles = useMe().data?.roles ?? [];
  if (!hasPermission(roles, 'licenses:read')) return <Navigate to={PAGES.signIn} replace />;
  return (
    <LotPage
      key={licenseId}
      licenseId={licenseId}
      tab={params.get('tab') === 'consumption' ? 'consumption' : 'summary'}
    />
  );
}
