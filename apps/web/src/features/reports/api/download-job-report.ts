import { ENDPOINTS } from '@portal/contracts/endpoints';
import { jobReportFileName } from '@portal/contracts/reports';
import { useMutation } from '@tanstack/react-query';
import { downloadRoute } from '@/lib/download-route';
import { saveFile } from '@/lib/save-file';

/**
 * `GET /report/job/{jobId}/pdf`: the job's report as a file, saved under the name the server's
 * content-disposition gives, else Migration_Report_{jobId}.pdf (spec section 7).
 */
export async function downloadJobReport(jobId: string): Promise<{ fileName: string }> {
  const file = await downloadRoute(ENDPOINTS.jobReportPdf, { params: { jobId } });
  const fileName = file.fileName ?? jobReportFileName(jobId);
  saveFile(file.blob, fileName);
  return { fileName };
}

export function useDownloadJobReport() {
  return useMutation({
    mutationFn: downloadJobReport,
    // The button says 'Failed to download report. Please try again.' itself (spec section 8); a
    // 401 still ends the session through the mutation cache.
    meta: { silent: true },
  });
}
