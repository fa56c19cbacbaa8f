import { t } from '@lingui/core/macro';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { isUnauthorized, NOTICE_DURATION_MS } from '@/lib/handle-server-error';
import type { MailboxReportRow } from '@portal/contracts/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useDownloadJobReport, useDownloadMailboxReport } from '../api/download-job-report';

/** What a failed download says (an expired session is ended, and said, by the mutation cache). */
function downloadFailed(error: Error) {
  if (isUnauthorized(error)) return;
  toast({
    variant: 'destructive',
    title: t`Error`,
    // REPORT_MSG.downloadFailed, in the language shown.
    description: t`Failed to download report. Please try again.`,
    duration: NOTICE_DURATION_MS,
  });
}

/** The job report's PDF: 'Downloading...' while it comes, one message if it fails. */
export function DownloadReportButton({ jobId }: { jobId: string }) {
  const download = useDownloadJobReport();
  return (
    <Button
      variant="outline"
      disabled={download.isPending}
      onClick={() => download.mutate(jobId, { onError: downloadFailed })}
    >
      {download.isPending ? <Spinner /> : <DownloadIcon aria-hidden />}
      {download.isPending ? t`Downloading...` : t`Download Report`}
    </Button>
  );
}

/** One mailbox's report as PDF, from its row: the same states and message as the job's. */
export function DownloadMailboxReportButton({ mailbox }: { mailbox: MailboxReportRow }) {
  const download = useDownloadMailboxReport();
  const name = mailbox.sourceMailbox;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t`Download PDF report of ${name}`}
      disabled={download.isPending}
      onClick={() => download.mutate(mailbox.id, { onError: downloadFailed })}
    >
      {download.isPending ? <Spinner /> : <DownloadIcon aria-hidden />}
      {download.isPending ? t`Downloading...` : t`Download PDF`}
    </Button>
  );
}

/** The Mailboxes view's column with each row's own report (issue 24). */
export const mailboxReportColumn = (): ColumnDef<MailboxReportRow> => ({
  id: 'report',
  header: t`Report`,
  meta: { secondary: true },
  cell: ({ row }) => <DownloadMailboxReportButton mailbox={row.original} />,
});
