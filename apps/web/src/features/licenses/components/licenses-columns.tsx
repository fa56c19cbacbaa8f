import { t } from '@lingui/core/macro';
import type { License } from '@portal/contracts/licenses';
import { PAGES } from '@portal/contracts/pages';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { durationLabel, expiryLabel, usageLabel } from '@/lib/license-format';
import { LicenseStatusBadge } from './license-status-badge';
import { NameAndDetail } from '@/components/name-and-detail';

const NUMBER = 'text-right tabular-nums';

/** docs/product.md, "License": an issued lot. On a phone all but the product stack under it. */
export const licensesColumns = (): ColumnDef<License>[] => [
  {
    id: 'product',
    header: t`Product`,
    meta: { className: 'min-w-44' },
    cell: ({ row }) => (
      <NameAndDetail
        name={
          <Link className="underline-offset-4 hover:underline focus-visible:underline" to={PAGES.lot(row.original.id)}>
            {row.original.productName}
          </Link>
        }
        detail={`${row.original.productCode} · ${row.original.edition}`}
      />
    ),
  },
  // Second, so that it stays in view when the table scrolls sideways.
  {
    accessorKey: 'status',
    header: t`Status`,
    meta: { secondary: true },
    cell: ({ row }) => <LicenseStatusBadge status={row.original.status} />,
  },
  {
    id: 'customer',
    header: t`Customer`,
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.customer.name} detail={row.original.customer.email} />,
  },
  // Decision 029: a lot an Admin drew from one it holds names it; the provider's lots show a dash.
  {
    id: 'issuedBy',
    header: t`Issued By`,
    meta: { secondary: true, className: 'min-w-32' },
    cell: ({ row }) =>
      row.original.issuedBy ? (
        <NameAndDetail name={row.original.issuedBy.name} detail={row.original.issuedBy.email} />
      ) : (
        '-'
      ),
  },
  {
    accessorKey: 'usageType',
    header: t`Usage`,
    meta: { secondary: true },
    cell: ({ row }) => usageLabel(row.original.usageType),
  },
  {
    accessorKey: 'duration',
    header: t`Duration`,
    meta: { secondary: true, className: 'tabular-nums whitespace-nowrap' },
    cell: ({ row }) =>
      row.original.durationType === 'Perpetual' ? t`Perpetual` : t`Fixed · ${durationLabel(row.original)}`,
  },
  {
    accessorKey: 'startDate',
    header: t`Start`,
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => formatDate(row.original.startDate),
  },
  {
    accessorKey: 'expiryDate',
    header: t`Expiry`,
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => expiryLabel(row.original.expiryDate),
  },
  { accessorKey: 'totalCount', header: t`Total`, meta: { secondary: true, className: NUMBER } },
  {
    accessorKey: 'orderId',
    header: t`Order ID`,
    meta: { secondary: true },
    cell: ({ row }) => row.original.orderId || '-',
  },
  {
    accessorKey: 'createdAt',
    header: t`Created At`,
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => formatDate(row.original.createdAt),
  },
];
