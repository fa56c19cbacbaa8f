import type { MachineReportRow } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useReport } from '../api/get-report';
import { jobCountColumn, lastJobColumns } from './counter-columns';
import { RowLink } from './report-cells';
import { formatCount } from './report-format';
import { jobsPath } from './report-links';
import { ReleaseMachineDialog } from './release-machine-dialog';
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

/** The Admin's action on a machine row: release its name from the computer it is bound to. */
function releaseColumn(onRelease: (name: string) => void): ColumnDef<MachineReportRow> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onRelease(row.original.name)}
        aria-label={`Release ${row.original.name}`}
      >
        Release
      </Button>
    ),
  };
}

/**
 * `/reports/machine` (every role): the machines that ran migrations, each leading to its jobs. An
 * Admin (`canRelease`) also releases a machine name from the computer it is bound to.
 */
export function MachinesPage({ canRelease = false }: { canRelease?: boolean }) {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('Machine');
  const report = useReport({ viewType: 'Machine', pageNumber, pageSize });
  const [releasing, setReleasing] = useState<string | null>(null);
  const columns = useMemo(
    () => (canRelease ? [...machineColumns, releaseColumn(setReleasing)] : machineColumns),
    [canRelease],
  );
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Machine View"
        description="The machines that ran migrations. Open one to see its jobs."
        actions={<ExportCsvButton route={ROUTES.exportMachineReport} fallbackName="report-machines.csv" />}
      />
      <ReportTable
        label="Machine View"
        columns={columns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.name}
      />
      {canRelease && (
        <ReleaseMachineDialog machineName={releasing} onOpenChange={(open) => !open && setReleasing(null)} />
      )}
    </div>
  );
}
