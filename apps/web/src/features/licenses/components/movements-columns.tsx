import type { LicenseMovement } from '@portal/contracts/licenses';
import { actorLabel, MOVEMENT_TARGET_LABELS } from '@portal/contracts/labels';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';
import { movementQuantity } from '@/lib/license-format';
import { NameAndDetail } from '@/components/name-and-detail';

/** docs/product.md, "License movement": the size of each change, where it came from and went. */
export const movementsColumns: ColumnDef<LicenseMovement>[] = [
  {
    accessorKey: 'createdAt',
    header: 'Date',
    meta: { className: 'tabular-nums' },
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  { accessorKey: 'action', header: 'Action', meta: { secondary: true } },
  {
    id: 'product',
    header: 'Product',
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.productName} detail={row.original.productCode} />,
  },
  {
    accessorKey: 'quantityChange',
    header: 'Quantity',
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => movementQuantity(row.original.quantityChange),
  },
  {
    accessorKey: 'sourcePoolName',
    header: 'Source Pool',
    meta: { secondary: true },
    cell: ({ row }) => row.original.sourcePoolName ?? '-',
  },
  {
    id: 'target',
    header: 'Target',
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => (
      <NameAndDetail name={row.original.targetName} detail={MOVEMENT_TARGET_LABELS[row.original.targetType]} />
    ),
  },
  {
    accessorKey: 'actorName',
    header: 'By',
    meta: { secondary: true },
    cell: ({ row }) => actorLabel(row.original.actorName, row.original.apiKeyName) ?? 'System',
  },
];
