import type { MachineReportRow } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { useReport } from '../api/get-report';
import { jobCountColumn, lastJobColumns } from './counter-columns';
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
  jobCountColumn<MachineReportRow>(),
  {
    accessorKey: 'accountCount',
    header: 'Mailboxes',
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.accountCount),
  },
  ...lastJobColumns<MachineReportRow>(),
];

/** `/reports/machine` (every role): the machines that ran migrations, each leading to its jobs. */
export function MachinesPage() {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('Machine');
  const report = useReport({ viewType: 'Machine', pageNumber, pageSize });
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Machine View"
        description="The machines that ran migrations. Open one to see its jobs."
        actions={<ExportCsvButton route={ROUTES.exportMachineReport} fallbackName="report-machines.csv" />}
      />
      <ReportTable
        label="Machine View"
        columns={machineColumns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.name}
      />
    </div>
  );
}
