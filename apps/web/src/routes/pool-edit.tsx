import { PAGES } from '@portal/contracts/pages';
import { hasPermission } from '@portal/contracts/permissions';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { PoolManagerPage } from '@/features/pools/components/pool-manager-page';

/** `/pool/edit/:poolId?poolName=…`: the pool manager, Admin or SuperAdmin (pools:write); others go to `/`. */
export function PoolEditRoute() {
  const { poolId = '' } = useParams();
  const [params] = useSearchParams();
  const roles = useMe().data?.roles ?? [];
  if (!hasPermission(roles, 'pools:write')) return <Navigate to={PAGES.signIn} replace />;
  return <PoolManagerPage key={poolId} poolId={poolId} poolName={params.get('poolName') ?? ''} />;
}
