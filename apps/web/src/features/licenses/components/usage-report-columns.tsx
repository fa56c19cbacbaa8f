import { t } from '@lingui/core/macro';
import type { UsageReportRow } from '@portal/contracts/licenses';
import type { ColumnDef } from '@tanstack/react-table';
import { NameAndDetail } from '@/components/name-and-detail';

const NUMBER = { secondary: true, className: 'text-right tabular-nums' };

/** docs/product.md, "Usage report row": one account and product, with the units it holds. */
export const usageReportColumns = (): ColumnDef<UsageReportRow>[] => [
  {
    id: 'account',
    header: t`Account`,
    meta: { className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.accountName} detail={row.original.accountEmail} />,
  },
  {
    id: 'product',
    header: t`Product`,
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.productName} detail={row.original.productCode} />,
  },
  { accessorKey: 'totalLicenses', header: t`Total`, meta: NUMBER },
  { accessorKey: 'consumedLicenses', header: t`Consumed`, meta: NUMBER },
  { accessorKey: 'availableLicenses', header: t`Available`, meta: NUMBER },
  { accessorKey: 'inTransitLicenses', header: t`In Transit`, meta: NUMBER },
];
