import { t } from '@lingui/core/macro';
import type { MachineReportRow } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useReport } from '../api/get-report';
import { BlockMachineDialog } from './block-machine-dialog';
import { jobCountColumn, lastJobColumns } from './counter-columns';
import { MachineDetailDialog } from './machine-detail-dialog';
import { RowLink } from './report-cells';
import { formatCount } from './report-format';
import { jobsPath } from './report-links';
import { type ReleaseChoice, ReleaseMachineDialog } from './release-machine-dialog';
import { ReportTable, useReportPaging } from './report-table';

export const machineColumns = (): ColumnDef<MachineReportRow>[] => [
  {
    accessorKey: 'name',
    header: t`Machine`,
    meta: { className: 'min-w-40' },
    cell: ({ row }) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <RowLink to={jobsPath({ machineName: row.original.name })}>{row.original.name}</RowLink>
        {row.original.blocked && <Badge variant="destructive">{t`Blocked`}</Badge>}
      </span>
    ),
  },
  jobCountColumn<MachineReportRow>(),
  {
    accessorKey: 'accountCount',
    header: t`Mailboxes`,
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.accountCount),
  },
  {
    accessorKey: 'boundUnitCount',
    header: t`Bound Licenses`,
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.boundUnitCount),
  },
  ...lastJobColumns<MachineReportRow>(),
];

/** Every reader's way into a machine's detail (its bound licenses and latest jobs). */
function detailsColumn(onOpen: (id: string) => void): ColumnDef<MachineReportRow> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">{t`Actions`}</span>,
    cell: ({ row }) => {
      const name = row.original.name;
      return (
        <Button variant="ghost" size="sm" onClick={() => onOpen(row.original.id)} aria-label={t`Details of ${name}`}>
          {t`Details`}
        </Button>
      );
    },
  };
}

/**
 * `/reports/machine` (every role): the machines that ran migrations, each leading to its jobs, and
 * its detail in a dialog (decision 045). An Admin releases its bound licenses and blocks or
 * unblocks it there; the server decides what each Admin may do (`manageable`, `releasable`).
 */
export function MachinesPage() {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('Machine');
  const report = useReport({ viewType: 'Machine', pageNumber, pageSize });
  const [open, setOpen] = useState<string | null>(null);
  const [releasing, setReleasing] = useState<ReleaseChoice | null>(null);
  const [blocking, setBlocking] = useState<{ machineName: string; blocked: boolean } | null>(null);
  const columns = useMemo(() => [...machineColumns(), detailsColumn(setOpen)], []);
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`Machine View`}
        description={t`The machines that ran migrations. Open one to see its jobs, or its details.`}
        actions={<ExportCsvButton route={ROUTES.exportMachineReport} fallbackName="report-machines.csv" />}
      />
      <ReportTable
        label={t`Machine View`}
        columns={columns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.id}
      />
      <MachineDetailDialog
        machineId={open}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        onRelease={setReleasing}
        onBlock={setBlocking}
      />
      <ReleaseMachineDialog target={releasing} onOpenChange={(isOpen) => !isOpen && setReleasing(null)} />
      <BlockMachineDialog target={blocking} onOpenChange={(isOpen) => !isOpen && setBlocking(null)} />
    </div>
  );
}
