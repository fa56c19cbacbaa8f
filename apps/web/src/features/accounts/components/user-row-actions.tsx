import type { ChildAccount } from '@portal/contracts/accounts';
import { EllipsisIcon, UserPenIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useUsers } from './users-provider';

/**
 * A row's menu (Admin or SuperAdmin). Allocate and Revoke Licenses join it with the licensing
 * capability; until then the menu offers only what works.
 */
export function UserRowActions({ row }: { row: ChildAccount }) {
  const { openEdit } = useUsers();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Actions for ${row.name}`}
          className="data-[state=open]:bg-muted"
        >
          <EllipsisIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuItem onSelect={() => openEdit(row)}>
          <UserPenIcon aria-hidden />
          Edit User
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
