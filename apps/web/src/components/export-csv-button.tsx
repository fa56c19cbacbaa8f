import { t } from '@lingui/core/macro';
import type { Route } from '@portal/contracts/routes';
import { DownloadIcon } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { downloadRoute } from '@/lib/download-route';
import { isUnauthorized, NOTICE_DURATION_MS } from '@/lib/handle-server-error';
import { saveFile } from '@/lib/save-file';

/**
 * Export CSV of a table: every row matching the table's current filters and search (not only the
 * page shown), made and streamed by the server, saved under the name it gives (decision 024).
 */
export function ExportCsvButton({
  route,
  params,
  query = {},
  fallbackName,
  label,
  text = t`Export CSV`,
}: {
  /** The list's export route of the contracts' table. */
  route: Route;
  /** Its path parameters (a report view's job or mailbox). */
  params?: Record<string, string>;
  /** The table's filters and search, as the list sends them (no paging). */
  query?: Record<string, string | undefined>;
  fallbackName: string;
  /** The accessible name when a screen has several exports (the dashboard's sections). */
  label?: string;
  /** What the button reads (Export CSV unless told). */
  text?: string;
}) {
  const download = useMutation({
    mutationFn: async () => {
      const file = await downloadRoute(route, { params, query });
      saveFile(file.blob, file.fileName ?? fallbackName);
    },
    // The button says it failed itself; a 401 still ends the session through the mutation cache.
    meta: { silent: true },
  });
  const pending = download.isPending;
  const exportCsv = () =>
    download.mutate(undefined, {
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          variant: 'destructive',
          title: t`Error`,
          description: t`Failed to export. Please try again.`,
          duration: NOTICE_DURATION_MS,
        });
      },
    });
  return (
    <Button variant="outline" disabled={pending} onClick={exportCsv} aria-label={label}>
      {pending ? <Spinner /> : <DownloadIcon aria-hidden />}
      {pending ? t`Exporting...` : text}
    </Button>
  );
}
