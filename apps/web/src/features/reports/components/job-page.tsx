import { t } from '@lingui/core/macro';
import type { MailboxReportRow } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { NameAndDetail } from '@/components/name-and-detail';
import { useReport } from '../api/get-report';
import { JobCompleteness, mailboxCompletenessColumn, OnlyIncompleteFilter, useOnlyIncomplete } from './completeness';
import { counterColumns } from './counter-columns';
import { DownloadReportButton, mailboxReportColumn } from './download-report-button';
import { JobSummary } from './job-summary';
import { LazyJobCharts } from './lazy-job-charts';
import { LicenseTraces, licenseTraceColumn } from './license-trace-dialog';
import { MailboxAddress, RowLink } from './report-cells';
import { ReportBreadcrumb } from './report-breadcrumb';
import { isReportId } from './report-format';
import { foldersPath, REPORT_PATHS } from './report-links';
import { ReportNotice } from './report-notice';
import { ReportTable, useReportPaging } from './report-table';

export const mailboxColumns = (): ColumnDef<MailboxReportRow>[] => [
  {
    accessorKey: 'sourceMailbox',
    header: t`Source Mailbox`,
    meta: { className: 'min-w-36 whitespace-normal' },
    cell: ({ row }) => (
      <div className="grid">
        <RowLink to={foldersPath(row.original.id)}>
          <MailboxAddress address={row.original.sourceMailbox} />
        </RowLink>
        <span className="text-xs text-muted-foreground">{row.original.sourceType}</span>
      </div>
    ),
  },
  {
    accessorKey: 'targetMailbox',
    header: t`Target Mailbox`,
    meta: { secondary: true, className: 'min-w-36 whitespace-normal' },
    cell: ({ row }) => (
      <NameAndDetail
        name={<MailboxAddress address={row.original.targetMailbox} />}
        detail={row.original.destinationType}
      />
    ),
  },
  ...counterColumns<MailboxReportRow>((row) => row.sourceMailbox),
  mailboxCompletenessColumn(),
  licenseTraceColumn(),
  mailboxReportColumn(),
];

/** `/reports/job?jobId=` (every role): a job's totals, its report PDF and its mailboxes. */
export function JobPage() {
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  if (!isReportId(jobId)) {
    return (
      <div className="grid gap-6">
        <ReportBreadcrumb crumbs={[{ label: t`Job View`, to: REPORT_PATHS.jobs }, { label: t`Mailboxes` }]} />
        <PageHeader title={t`Mailboxes`} />
        <ReportNotice
          message={jobId ? t`This link's job id is not valid.` : t`No job was chosen.`}
          backTo={REPORT_PATHS.jobs}
          backLabel={t`Choose a job in the Job View`}
        />
      </div>
    );
  }
  return (
    <LicenseTraces>
      <JobMailboxes key={jobId} jobId={jobId} />
    </LicenseTraces>
  );
}

function JobMailboxes({ jobId }: { jobId: string }) {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('Mailbox');
  const { onlyIncomplete, setOnlyIncomplete } = useOnlyIncomplete();
  const report = useReport({
    viewType: 'Mailbox',
    pageNumber,
    pageSize,
    jobId,
    ...(onlyIncomplete ? { onlyIncomplete } : {}),
  });
  const job = report.data?.job;
  const title = job?.name ?? t`Mailboxes`;
  const columns = useMemo(() => mailboxColumns(), []);

  return (
    <div className="grid gap-6">
      <ReportBreadcrumb crumbs={[{ label: t`Job View`, to: REPORT_PATHS.jobs }, { label: title }]} />
      <PageHeader
        title={title}
        description={
          job
            ? t`Product ${job.productCode}. Open a mailbox to see its folders.`
            : t`Open a mailbox to see its folders.`
        }
        // Offered once the job is known: a job that does not exist (or is not the caller's) has no
        // report to download and no mailboxes to export.
        actions={
          job && (
            <>
              <ExportCsvButton
                route={ROUTES.exportMailboxReport}
                params={{ jobId }}
                query={{ onlyIncomplete: onlyIncomplete ? 'true' : undefined }}
                fallbackName="report-mailboxes.csv"
              />
              <DownloadReportButton jobId={jobId} />
            </>
          )
        }
      />
      {job && <JobSummary job={job} />}
      {job && <JobCompleteness completeness={job.completeness} />}
      {job && <LazyJobCharts job={job} />}
      <OnlyIncompleteFilter checked={onlyIncomplete} onChange={setOnlyIncomplete} />
      <ReportTable
        label={job ? t`Mailboxes of ${job.name}` : t`Mailboxes`}
        columns={columns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.id}
      />
    </div>
  );
}
