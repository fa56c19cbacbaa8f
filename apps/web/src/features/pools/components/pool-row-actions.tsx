import type { Pool } from '@portal/contracts/pools';
import { EllipsisIcon, UserCogIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { poolEditPath, poolUsersPath } from './pool-links';

/**
 * A pool's menu (Admin or SuperAdmin). Allocate and Revoke Licenses join it with the licensing
 * capability; until then it offers only what works.
 */
export function PoolRowActions({ pool }: { pool: Pool }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Actions for ${pool.name}`}
          className="data-[state=open]:bg-muted"
        >
          <EllipsisIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
