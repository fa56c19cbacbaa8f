import type { ColumnDef } from '@tanstack/react-table';
import { Checkbox } from '@/components/ui/checkbox';

/** A leading checkbox column: 'select all' (the rows shown) in the header, one per row, all keyboard operable. */
export function selectColumn<TData>({
  label,
  rowLabel,
}: {
  /** Names the header checkbox, e.g. 'Select all users to add'. */
  label: string;
  /** Names a row's checkbox, e.g. `Select ${row.name}`. */
  rowLabel: (row: TData) => string;
}): ColumnDef<TData> {
  return {
    id: 'select',
    enableSorting: false,
    meta: { className: 'w-10' },
    header: ({ table }) => (
      <span className="flex items-center">
        <Checkbox
          aria-label={label}
          disabled={table.getRowModel().rows.length === 0}
          // The rows shown: a table paged on the server keeps the other pages' ticks as they are.
          checked={table.getIsAllPageRowsSelected() || (table.getIsSomePageRowsSelected() && 'indeterminate')}
          onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
        />
      </span>
    ),
    cell: ({ row }) => (
      <span className="flex items-center">
        <Checkbox
          aria-label={rowLabel(row.original)}
          checked={row.getIsSelected()}
          onCheckedChange={(value) => row.toggleSelected(value === true)}
        />
      </span>
    ),
  };
}
