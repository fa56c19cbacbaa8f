import type { UserReportRow } from '@portal/contracts/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { useReport } from '../api/get-report';
import { RowLink } from './report-cells';
import { formatCount } from './report-format';
import { jobsPath } from './report-links';
import { ReportTable, useReportPaging } from './report-table';

export const userColumns: ColumnDef<UserReportRow>[] = [
  {
    accessorKey: 'name',
    header: 'User',
    meta: { className: 'min-w-40' },
    cell: ({ row }) => <RowLink to={jobsPath({ userId: row.original.id })}>{row.original.name}</RowLink>,
  },
  {
    accessorKey: 'email',
    header: 'Email',
    meta: { secondary: true },
    cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{row.original.email}</span>,
  },
  {
    accessorKey: 'jobCount',
    header: 'Jobs',
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.jobCount),
  },
  {
    accessorKey: 'lastJobStartDate',
    header: 'Last Job Start',
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => formatDateTime(row.original.lastJobStartDate),
  },
  {
    accessorKey: 'lastJobEndDate',
    header: 'Last Job End',
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) => formatDateTime(row.original.lastJobEndDate),
  },
];

/** `/reports/users` (every role): the users who ran migrations, each leading to their jobs. */
export function UsersReportPage() {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('User');
  const report = useReport({ viewType: 'User', pageNumber, pageSize });
  return (
    <div className="grid gap-6">
      <PageHeader title="User View" description="The users who ran migrations. Open one to see their jobs." />
      <ReportTable
        label="User View"
        columns={userColumns}
        rows={report.data?.items}
        totalCount={report.data?.totalCount}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.id}
        isLoading={report.isPending}
        isFetching={report.isPlaceholderData}
        error={report.error}
      />
    </div>
  );
}
