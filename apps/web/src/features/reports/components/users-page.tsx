import { t } from '@lingui/core/macro';
import type { UserReportRow } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { useReport } from '../api/get-report';
import { jobCountColumn, lastJobColumns } from './counter-columns';
import { RowLink } from './report-cells';
import { jobsPath } from './report-links';
import { ReportTable, useReportPaging } from './report-table';

export const userColumns = (): ColumnDef<UserReportRow>[] => [
  {
    accessorKey: 'name',
    header: t`User`,
    meta: { className: 'min-w-40' },
    cell: ({ row }) => <RowLink to={jobsPath({ userId: row.original.id })}>{row.original.name}</RowLink>,
  },
  {
    accessorKey: 'email',
    header: t`Email`,
    meta: { secondary: true },
    cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{row.original.email}</span>,
  },
  jobCountColumn<UserReportRow>(),
  ...lastJobColumns<UserReportRow>(),
];

/** `/reports/users` (every role): the users who ran migrations, each leading to their jobs. */
export function UsersReportPage() {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('User');
  const report = useReport({ viewType: 'User', pageNumber, pageSize });
  const columns = useMemo(() => userColumns(), []);
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`User View`}
        description={t`The users who ran migrations. Open one to see their jobs.`}
        actions={<ExportCsvButton route={ROUTES.exportUserReport} fallbackName="report-users.csv" />}
      />
      <ReportTable
        label={t`User View`}
        columns={columns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.id}
      />
    </div>
  );
}
