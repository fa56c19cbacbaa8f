import { t } from '@lingui/core/macro';
import type { LicenseMovement } from '@portal/contracts/licenses';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';
import { movementQuantity } from '@/lib/license-format';
import { NameAndDetail } from '@/components/name-and-detail';
import { actorText } from '@/lib/actor-text';
import { actionLabel, targetLabel } from './stock-words';

/** docs/product.md, "License movement": the size of each change, where it came from and went. */
export const movementsColumns = (): ColumnDef<LicenseMovement>[] => [
  {
    accessorKey: 'createdAt',
    header: t`Date`,
    meta: { className: 'tabular-nums' },
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    accessorKey: 'action',
    header: t`Action`,
    meta: { secondary: true },
    cell: ({ row }) => actionLabel(row.original.action),
  },
  {
    id: 'product',
    header: t`Product`,
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.productName} detail={row.original.productCode} />,
  },
  {
    accessorKey: 'quantityChange',
    header: t`Quantity`,
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => movementQuantity(row.original.quantityChange),
  },
  {
    accessorKey: 'sourcePoolName',
    header: t`Source Pool`,
    meta: { secondary: true },
    cell: ({ row }) => row.original.sourcePoolName ?? '-',
  },
  {
    id: 'target',
    header: t`Target`,
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.targetName} detail={targetLabel(row.original.targetType)} />,
  },
  {
    accessorKey: 'actorName',
    header: t`By`,
    meta: { secondary: true },
    cell: ({ row }) => actorText(row.original.actorName, row.original.apiKeyName) ?? t`System`,
  },
];
