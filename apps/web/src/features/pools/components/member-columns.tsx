import type { AccountRef } from '@portal/contracts/accounts';
import type { ColumnDef } from '@tanstack/react-table';

/** Spec section 3, "Pool member": Name and Email. */
export const memberColumns: ColumnDef<AccountRef>[] = [
  { accessorKey: 'name', header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
  // Long addresses wrap rather than push the half-width tables of the pool manager sideways.
  { accessorKey: 'email', header: 'Email', meta: { className: 'whitespace-normal [overflow-wrap:anywhere]' } },
];
