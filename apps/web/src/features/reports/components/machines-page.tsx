import type { MachineReportRow } from '@portal/contracts/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { useReport } from '../api/get-report';
import { RowLink } from './report-cells';
import { formatCount } from './report-format';
import { jobsPath } from './report-links';
import { ReportTable, useReportPaging } from './report-table';

export const machineColumns: ColumnDef<MachineReportRow>[] = [
  {
    accessorKey: 'name',
    header: 'Machine',
    meta: { className: 'min-w-40' },
    cell: ({ row }) => <RowLink to={jobsPath({ machineName: row.original.name })}>{row.original.name}</RowLink>,
  },
  {
    accessorKey: 'jobCount',
    header: 'Jobs',
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.jobCount),
  },
  {
    accessorKey: 'accountCount',
    header: 'Mailboxes',
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.accountCount),
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

/** `/reports/machine` (every role): the machines that ran migrations, each leading to its jobs. */
export function MachinesPage() {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('Machine');
  const report = useReport({ viewType: 'Machine', pageNumber, pageSize });
  return (
    <div className="grid gap-6">
      <PageHeader title="Machine View" description="The machines that ran migrations. Open one to see its jobs." />
      <ReportTable
        label="Machine View"
        columns={machineColumns}
        rows={report.data?.items}
        totalCount={report.data?.totalCount}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.name}
        isLoading={report.isPending}
        isFetching={report.isPlaceholderData}
        error={report.error}
      />
    </div>
  );
}
