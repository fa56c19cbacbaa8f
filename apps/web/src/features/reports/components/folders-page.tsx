import { plural, t } from '@lingui/core/macro';
import type { FolderReportRow, ReportResult } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowRightIcon } from 'lucide-react';
import { useMemo } from 'react';
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
import { ItemsCell, ProgressBar, progressLabel, progressOf, StatusBadge } from './report-cells';
import { ReportBreadcrumb } from './report-breadcrumb';
import { formatCount, isReportId, reportDateTime, withZone } from './report-format';
import { jobPath, REPORT_PATHS } from './report-links';
import { ReportNotice } from './report-notice';
import { ReportTable, useReportPaging } from './report-table';

export const folderColumns = (): ColumnDef<FolderReportRow>[] => [
  {
    accessorKey: 'folderPath',
    header: t`Folder`,
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
        <ReportBreadcrumb crumbs={[{ label: t`Job View`, to: REPORT_PATHS.jobs }, { label: t`Folders` }]} />
        <PageHeader title={t`Folders`} />
        <ReportNotice
          message={mailboxId ? t`This link's mailbox id is not valid.` : t`No mailbox was chosen.`}
          backTo={REPORT_PATHS.jobs}
          backLabel={t`Choose a job, then a mailbox, in the Job View`}
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
  const columns = useMemo(() => folderColumns(), []);

  return (
    <div className="grid gap-6">
      <ReportBreadcrumb
        crumbs={[
          { label: t`Job View`, to: REPORT_PATHS.jobs },
          ...(mailbox ? [{ label: mailbox.jobName, to: jobPath(mailbox.jobId) }] : []),
          { label: mailbox?.sourceMailbox ?? t`Folders` },
        ]}
      />
      <PageHeader
        title={mailbox ? <MailboxTitle mailbox={mailbox} /> : t`Folders`}
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
              {t`${mailbox.sourceType} to ${mailbox.destinationType}, in job`}{' '}
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
        label={mailbox ? t`Folders of ${mailbox.sourceMailbox}` : t`Folders`}
        columns={columns}
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
      <span className="sr-only">{t`to`}</span> <span className="[overflow-wrap:anywhere]">{mailbox.targetMailbox}</span>
    </span>
  );
}

/** "12 skipped, 4 accepted": a mailbox's skipped items, and how many of them were accepted. */
function skippedText({ skippedItems, acceptedSkippedItems }: FolderMailbox): string {
  const skipped = formatCount(skippedItems);
  const accepted = formatCount(acceptedSkippedItems);
  return acceptedSkippedItems > 0 ? t`${skipped} skipped, ${accepted} accepted` : t`${skipped} skipped`;
}

function MailboxSummary({ mailbox, mayAccept }: { mailbox: FolderMailbox; mayAccept: boolean }) {
  const folders = plural(mailbox.folderCount, { one: '# folder', other: '# folders' });
  const start = reportDateTime(mailbox.startDate);
  const end = reportDateTime(mailbox.endDate);
  return (
    <section
      aria-label={t`Mailbox summary`}
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-md border bg-card p-4 text-sm text-card-foreground"
    >
      <StatusBadge status={mailbox.status} />
      <ProgressBar
        progress={progressOf(mailbox)}
        label={progressLabel(mailbox.sourceMailbox)}
        className="min-w-48 flex-1 sm:max-w-sm"
      />
      <ItemsCell counters={mailbox} />
      <p className="text-muted-foreground tabular-nums">
        {folders} · {withZone(t`${start} to ${end}`)}
      </p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 basis-full">
        <VerdictBadge verdict={mailbox.verdict} />
        <span className="text-muted-foreground tabular-nums">{consistencyText(mailbox)}</span>
        {mailbox.skippedItems > 0 && <span className="text-muted-foreground tabular-nums">{skippedText(mailbox)}</span>}
        {mayAccept && canAcceptSkips(mailbox) && <AcceptSkipsButton mailbox={mailbox} />}
      </p>
      {mailbox.errorMessage && (
        <p className="basis-full text-destructive [overflow-wrap:anywhere]">
          <span className="font-medium">{t`Error:`}</span> {mailbox.errorMessage}
        </p>
      )}
    </section>
  );
}
