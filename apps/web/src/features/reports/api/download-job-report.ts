import type { QueryOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { jobReportFileName, mailboxReportFileName } from '@portal/contracts/reports';
import { useMutation } from '@tanstack/react-query';
import { downloadRoute } from '@/lib/download-route';
import { saveFile } from '@/lib/save-file';
import { viewerTimeZone } from '@/lib/time-zone';

/**
 * `GET /report/job/{jobId}/pdf?timeZone=`: the job's report as a file, its times in the viewer's
 * own time zone (as the screens show them), saved under the name the server's content-disposition
 * gives, else Migration_Report_{jobId}.pdf.
 */
export async function downloadJobReport(jobId: string): Promise<{ fileName: string }> {
  const query: QueryOf<typeof LAZY_ENDPOINTS.jobReportPdf> = { timeZone: viewerTimeZone() };
  const file = await downloadRoute(LAZY_ENDPOINTS.jobReportPdf, { params: { jobId }, query });
  const fileName = file.fileName ?? jobReportFileName(jobId);
  saveFile(file.blob, fileName);
  return { fileName };
}

export function useDownloadJobReport() {
  return useMutation({
    mutationFn: downloadJobReport,
    // The button says 'Failed to download report. Please try again.' itself; a
    // 401 still ends the session through the mutation cache.
    meta: { silent: true },
  });
}

/**
 * `GET /report/mailbox/{mailboxId}/pdf?timeZone=`: one mailbox's report, in the job report's
 * layout, saved like the job's under the server's name, else Mailbox_Report_{mailboxId}.pdf.
 */
export async function downloadMailboxReport(mailboxId: string): Promise<{ fileName: string }> {
  const query: QueryOf<typeof LAZY_ENDPOINTS.mailboxReportPdf> = { timeZone: viewerTimeZone() };
  const file = await downloadRoute(LAZY_ENDPOINTS.mailboxReportPdf, { params: { mailboxId }, query });
  const fileName = file.fileName ?? mailboxReportFileName(mailboxId);
  saveFile(file.blob, fileName);
  return { fileName };
}

export function useDownloadMailboxReport() {
  return useMutation({ mutationFn: downloadMailboxReport, meta: { silent: true } });
}
