import { REPORT_MSG } from '@portal/contracts/reports';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { isUnauthorized, NOTICE_DURATION_MS } from '@/lib/handle-server-error';
import { useDownloadJobReport } from '../api/download-job-report';

/** The job report's PDF: 'Downloading...' while it comes, one message if it fails. */
export function DownloadReportButton({ jobId }: { jobId: string }) {
  const download = useDownloadJobReport();
  return (
    <Button
      variant="outline"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(jobId, {
          onError: (error) => {
            // An expired session is ended (and said) by the mutation cache; anything else is this.
            if (isUnauthorized(error)) return;
            toast({
              variant: 'destructive',
              title: 'Error',
              description: REPORT_MSG.downloadFailed,
              duration: NOTICE_DURATION_MS,
            });
          },
        })
      }
    >
      {download.isPending ? <Spinner /> : <DownloadIcon aria-hidden />}
      {download.isPending ? 'Downloading...' : 'Download Report'}
    </Button>
  );
}
