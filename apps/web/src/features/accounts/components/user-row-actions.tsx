import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import { KeyRoundIcon, UndoIcon, UserPenIcon } from 'lucide-react';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useUsers } from './users-provider';

/** A row's menu (Admin or SuperAdmin, docs/product.md): Edit User, Allocate and Revoke Licenses. */
export function UserRowActions({ row }: { row: ChildAccount }) {
  const { openRow, licenseActions } = useUsers();
  return (
    <RowActionsMenu label={row.name} triggerLabel={t`Actions for ${row.name}`}>
      <DropdownMenuItem onSelect={() => openRow('edit', row)}>
        <UserPenIcon aria-hidden />
        {t`Edit User`}
      </DropdownMenuItem>
      {licenseActions && (
        <>
          <DropdownMenuItem onSelect={() => licenseActions.onAllocate(row)}>
            <KeyRoundIcon aria-hidden />
            {t`Allocate Licenses`}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => licenseActions.onRevoke(row)}>
            <UndoIcon aria-hidden />
            {t`Revoke Licenses`}
          </DropdownMenuItem>
        </>
      )}
    </RowActionsMenu>
  );
}
