import type { FolderReportRow, ReportResult } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowRightIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { useReport } from '../api/get-report';
import { AcceptSkipsButton, canAcceptSkips } from './accept-skips-dialog';
import {
  consistencyText,
  folderCompletenessColumn,
  OnlyIncompleteFilter,
  useOnlyIncomplete,
  VerdictBadge,
} from './completeness';
import { counterColumns } from './counter-columns';
import { ItemsCell, ProgressBar, progressOf, StatusBadge } from './report-cells';
import { ReportBreadcrumb } from './report-breadcrumb';
import { formatCount, isReportId, reportDateTime, withZone } from './report-format';
import { jobPath, REPORT_PATHS } from './report-links';
import { ReportNotice } from './report-notice';
import { ReportTable, useReportPaging } from './report-table';

export const folderColumns: ColumnDef<FolderReportRow>[] = [
  {
    accessorKey: 'folderPath',
    header: 'Folder',
    meta: { className: 'min-w-48 whitespace-normal [overflow-wrap:anywhere]' },
    cell: ({ row }) => <span className="font-medium">{row.original.folderPath}</span>,
  },
  ...counterColumns<FolderReportRow>((row) => row.folderPath),
  folderCompletenessColumn(),
];

type FolderMailbox = Extract<ReportResult, { viewType: 'Folder' }>['mailbox'];

/** `/reports/folders?mailboxId=` (every role): one mailbox of a job and its folders. */
export function FoldersPage({ canAcceptSkips: mayAccept = false }: { canAcceptSkips?: boolean }) {
  const [params] = useSearchParams();
  const mailboxId = params.get('mailboxId');
  if (!isReportId(mailboxId)) {
    return (
      <div className="grid gap-6">
        <ReportBreadcrumb crumbs={[{ label: 'Job View', to: REPORT_PATHS.jobs }, { label: 'Folders' }]} />
        <PageHeader title="Folders" />
        <ReportNotice
          message={mailboxId ? "This link's mailbox id is not valid." : 'No mailbox was chosen.'}
          backTo={REPORT_PATHS.jobs}
          backLabel="Choose a job, then a mailbox, in the Job View"
        />
      </div>
    );
  }
  return <MailboxFolders key={mailboxId} mailboxId={mailboxId} mayAccept={mayAccept} />;
}

function MailboxFolders({ mailboxId, mayAccept }: { mailboxId: string; mayAccept: boolean }) {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('Folder');
  const { onlyIncomplete, setOnlyIncomplete } = useOnlyIncomplete();
  const report = useReport({
    viewType: 'Folder',
    pageNumber,
    pageSize,
    mailboxId,
    ...(onlyIncomplete ? { onlyIncomplete } : {}),
  });
  const mailbox = report.data?.mailbox;

  return (
    <div className="grid gap-6">
      <ReportBreadcrumb
        crumbs={[
          { label: 'Job View', to: REPORT_PATHS.jobs },
          ...(mailbox ? [{ label: mailbox.jobName, to: jobPath(mailbox.jobId) }] : []),
          { label: mailbox?.sourceMailbox ?? 'Folders' },
        ]}
      />
      <PageHeader
        title={mailbox ? <MailboxTitle mailbox={mailbox} /> : 'Folders'}
        actions={
          <ExportCsvButton
            route={ROUTES.exportFolderReport}
            params={{ mailboxId }}
            query={{ onlyIncomplete: onlyIncomplete ? 'true' : undefined }}
            fallbackName="report-folders.csv"
          />
        }
        description={
          mailbox && (
            <>
              {mailbox.sourceType} to {mailbox.destinationType}, in job{' '}
              <Link to={jobPath(mailbox.jobId)} className="text-primary underline underline-offset-4">
                {mailbox.jobName}
              </Link>
            </>
          )
        }
      />
      {mailbox && <MailboxSummary mailbox={mailbox} mayAccept={mayAccept} />}
      <OnlyIncompleteFilter checked={onlyIncomplete} onChange={setOnlyIncomplete} />
      <ReportTable
        label={mailbox ? `Folders of ${mailbox.sourceMailbox}` : 'Folders'}
        columns={folderColumns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.folderPath}
      />
    </div>
  );
}

function MailboxTitle({ mailbox }: { mailbox: FolderMailbox }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span className="[overflow-wrap:anywhere]">{mailbox.sourceMailbox}</span>{' '}
      <ArrowRightIcon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <span className="sr-only">to</span> <span className="[overflow-wrap:anywhere]">{mailbox.targetMailbox}</span>
    </span>
  );
}

function MailboxSummary({ mailbox, mayAccept }: { mailbox: FolderMailbox; mayAccept: boolean }) {
  return (
    <section
      aria-label="Mailbox summary"
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-md border bg-card p-4 text-sm text-card-foreground"
    >
      <StatusBadge status={mailbox.status} />
      <ProgressBar
        progress={progressOf(mailbox)}
        label={`Progress of ${mailbox.sourceMailbox}`}
        className="min-w-48 flex-1 sm:max-w-sm"
      />
      <ItemsCell counters={mailbox} />
      <p className="text-muted-foreground tabular-nums">
        {formatCount(mailbox.folderCount)} {mailbox.folderCount === 1 ? 'folder' : 'folders'} ·{' '}
        {withZone(`${reportDateTime(mailbox.startDate)} to ${reportDateTime(mailbox.endDate)}`)}
      </p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 basis-full">
        <VerdictBadge verdict={mailbox.verdict} />
        <span className="text-muted-foreground tabular-nums">{consistencyText(mailbox)}</span>
        {mailbox.skippedItems > 0 && (
          <span className="text-muted-foreground tabular-nums">
            {formatCount(mailbox.skippedItems)} skipped
            {mailbox.acceptedSkippedItems > 0 ? `, ${formatCount(mailbox.acceptedSkippedItems)} accepted` : ''}
          </span>
        )}
        {mayAccept && canAcceptSkips(mailbox) && <AcceptSkipsButton mailbox={mailbox} />}
      </p>
      {mailbox.errorMessage && (
        <p className="basis-full text-destructive [overflow-wrap:anywhere]">
          <span className="font-medium">Error:</span> {mailbox.errorMessage}
        </p>
      )}
    </section>
  );
}
