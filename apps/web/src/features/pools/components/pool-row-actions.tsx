import type { Pool } from '@portal/contracts/pools';
import { UserCogIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { poolEditPath, poolUsersPath } from './pool-links';

/**
 * A pool's menu (Admin or SuperAdmin). Allocate and Revoke Licenses join it with the licensing
 * capability; until then it offers only what works.
 */
export function PoolRowActions({ pool }: { pool: Pool }) {
  return (
    <RowActionsMenu label={pool.name}>
      <DropdownMenuItem asChild>
        <Link to={poolUsersPath(pool)}>
          <UsersIcon aria-hidden />
          View Pool Users
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={poolEditPath(pool)}>
          <UserCogIcon aria-hidden />
          Edit Pool
        </Link>
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
