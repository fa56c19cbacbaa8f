import type { ChildAccount } from '@portal/contracts/accounts';
import { UserPenIcon } from 'lucide-react';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useUsers } from './users-provider';

/**
 * A row's menu (Admin or SuperAdmin). Allocate and Revoke Licenses join it with the licensing
 * capability; until then the menu offers only what works.
 */
export function UserRowActions({ row }: { row: ChildAccount }) {
  const { openEdit } = useUsers();
  return (
    <RowActionsMenu label={row.name}>
      <DropdownMenuItem onSelect={() => openEdit(row)}>
        <UserPenIcon aria-hidden />
        Edit User
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
