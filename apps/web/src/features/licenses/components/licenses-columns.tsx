import type { License } from '@portal/contracts/licenses';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '@/lib/format';
import { durationLabel, expiryLabel, usageLabel } from '@/lib/license-format';
import { LicenseStatusBadge } from './license-status-badge';
import { NameAndDetail } from './name-and-detail';

const NUMBER = 'text-right tabular-nums';

/** Spec section 3, "License": an issued lot. On a phone all but the product stack under it. */
export const licensesColumns: ColumnDef<License>[] = [
  {
    id: 'product',
    header: 'Product',
    meta: { className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.productName} detail={row.original.productCode} />,
  },
  { accessorKey: 'edition', header: 'Edition', meta: { secondary: true } },
  {
    id: 'customer',
    header: 'Customer',
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.customer.name} detail={row.original.customer.email} />,
  },
  { accessorKey: 'durationType', header: 'Duration Type', meta: { secondary: true } },
  {
    accessorKey: 'usageType',
    header: 'Usage',
    meta: { secondary: true },
    cell: ({ row }) => usageLabel(row.original.usageType),
  },
  {
    accessorKey: 'startDate',
    header: 'Start',
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => formatDate(row.original.startDate),
  },
  {
    accessorKey: 'expiryDate',
    header: 'Expiry',
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => expiryLabel(row.original.expiryDate),
  },
  {
    accessorKey: 'duration',
    header: 'Duration',
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => durationLabel(row.original),
  },
  { accessorKey: 'totalCount', header: 'Total', meta: { secondary: true, className: NUMBER } },
  {
    accessorKey: 'orderId',
    header: 'Order ID',
    meta: { secondary: true },
    cell: ({ row }) => row.original.orderId || '-',
  },
  {
    accessorKey: 'status',
    header: 'Status',
    meta: { secondary: true },
    cell: ({ row }) => <LicenseStatusBadge status={row.original.status} />,
  },
  {
    accessorKey: 'createdAt',
    header: 'Created At',
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => formatDate(row.original.createdAt),
  },
];
