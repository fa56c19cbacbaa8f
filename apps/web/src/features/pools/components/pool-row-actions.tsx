import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import type { Pool } from '@portal/contracts/pools';
import { KeyRoundIcon, UndoIcon, UserCogIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { usePoolsScreen } from './pools-provider';

/** A pool's menu (Admin or SuperAdmin, docs/product.md). */
export function PoolRowActions({ pool }: { pool: Pool }) {
  const { licenseActions } = usePoolsScreen();
  return (
    <RowActionsMenu label={pool.name} triggerLabel={t`Actions for ${pool.name}`}>
      {licenseActions && (
        <>
          <DropdownMenuItem onSelect={() => licenseActions.onAllocate(pool)}>
            <KeyRoundIcon aria-hidden />
            {t`Allocate Licenses`}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => licenseActions.onRevoke(pool)}>
            <UndoIcon aria-hidden />
            {t`Revoke Licenses`}
          </DropdownMenuItem>
        </>
      )}
      <DropdownMenuItem asChild>
        <Link to={PAGES.poolUsers(pool)}>
          <UsersIcon aria-hidden />
          {t`View Pool Users`}
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={PAGES.poolEdit(pool)}>
          <UserCogIcon aria-hidden />
          {t`Edit Pool`}
        </Link>
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
