import { PAGES } from '@portal/contracts/pages';
import { hasPermission } from '@portal/contracts/permissions';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { PoolUsersPage } from '@/features/pools/components/pool-users-page';

/** `/pool/users/:poolId?poolName=…`: read-only, for the roles that may read pools; others go to `/`. */
export function PoolUsersRoute() {
  const { poolId = '' } = useParams();
  const [params] = useSearchParams();
  const roles = useMe().data?.roles ?? [];
  if (!hasPermission(roles, 'pools:read')) return <Navigate to={PAGES.signIn} replace />;
  return <PoolUsersPage key={poolId} poolId={poolId} poolName={params.get('poolName') ?? ''} />;
}
