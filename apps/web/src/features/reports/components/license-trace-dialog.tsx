import { t } from '@lingui/core/macro';
import type { MailboxReportRow } from '@portal/contracts/reports';
import type { MailboxTrace, TraceEntry } from '@portal/contracts/trace';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { createRowDialogs } from '@/components/row-dialogs-provider';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useMailboxTrace } from '../api/get-mailbox-trace';
import { actorText } from '@/lib/actor-text';
import { traceActionLabel } from './report-words';

/** Where the mailbox's unit stands now. */
const stateText = (state: MailboxTrace['licenseState']): string =>
  ({
    None: t`This mailbox drew no unit of its own: its job ran on a node-locked unit of the machine.`,
    Reserved: t`Its unit is reserved while the mailbox migrates.`,
    Consumed: t`Its unit was consumed.`,
    Released: t`Its unit was released back to the pool.`,
  })[state];

function lotLabel({ edition, orderId, quantity }: TraceEntry['lots'][number]): string {
  return orderId ? t`${edition} · order ${orderId} (${quantity})` : `${edition} (${quantity})`;
}

function TraceTable({ entries }: { entries: TraceEntry[] }) {
  return (
    <Table aria-label={t`License trace`}>
      <TableHeader>
        <TableRow>
          <TableHead>{t`Date`}</TableHead>
          <TableHead>{t`Unit`}</TableHead>
          <TableHead>{t`Pool`}</TableHead>
          <TableHead>{t`Lot`}</TableHead>
          <TableHead>{t`By`}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.movementId}>
            <TableCell className="tabular-nums">{formatDateTime(entry.at)}</TableCell>
            <TableCell>{traceActionLabel(entry.action)}</TableCell>
            <TableCell>{entry.poolName ?? '-'}</TableCell>
            <TableCell className="whitespace-normal">
              {entry.productCode} {entry.lots.map(lotLabel).join(', ')}
            </TableCell>
            <TableCell className="whitespace-normal">
              {actorText(entry.actorName, entry.apiKeyName)}
              <span className="block text-xs text-muted-foreground">{entry.actorEmail}</span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function TraceBody({ mailboxId, open }: { mailboxId: string; open: boolean }) {
  const trace = useMailboxTrace(mailboxId, open);
  if (trace.isPending) return <Spinner label={t`Loading the license trace`} />;
  if (trace.isError) return <p role="alert">{t`The license trace could not be loaded.`}</p>;
  const { licenseState, entries } = trace.data;
  return (
    <div className="grid gap-3">
      <p className="text-sm">{stateText(licenseState)}</p>
      {entries.length > 0 && <TraceTable entries={entries} />}
    </div>
  );
}

const traces = createRowDialogs<MailboxReportRow, 'licenseTrace', never>('useLicenseTraces');

/** The id of a row's "License trace" button: the dialog finds it again if the row was drawn anew. */
const traceButtonId = (mailbox: MailboxReportRow) => `license-trace-${mailbox.id}`;

/**
 * The Mailboxes view's license traces (decision 046): one dialog above the table, opened by a row's
 * button. It lives outside the rows because the table redraws them when it changes layout (below
 * 768 px the License column moves under the mailbox): a dialog inside a row would close with it.
 */
export function LicenseTraces({ children }: { children: ReactNode }) {
  return (
    <traces.Provider canWrite={false}>
      {children}
      <LicenseTraceDialog />
    </traces.Provider>
  );
}

function LicenseTraceDialog() {
  const { open, currentRow: mailbox, close } = traces.useRowDialogs();
  const isOpen = open === 'licenseTrace' && mailbox !== null;
  return (
    <Dialog open={isOpen} onOpenChange={(next) => !next && close()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t`License trace`}</DialogTitle>
          <DialogDescription className="break-all">{mailbox?.sourceMailbox}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-auto">
          {mailbox && <TraceBody mailboxId={mailbox.id} open={isOpen} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A mailbox row's "License trace": when its unit was reserved, consumed or released, from where, by whom. */
function LicenseTraceButton({ mailbox }: { mailbox: MailboxReportRow }) {
  const { openRow } = traces.useRowDialogs();
  const name = mailbox.sourceMailbox;
  return (
    <Button
      id={traceButtonId(mailbox)}
      variant="outline"
      size="sm"
      aria-label={t`License trace of ${name}`}
      aria-haspopup="dialog"
      onClick={() => openRow('licenseTrace', mailbox)}
    >
      {t`License trace`}
    </Button>
  );
}

/** The Mailboxes view's column that opens a row's license trace, inside <LicenseTraces>. */
export const licenseTraceColumn = (): ColumnDef<MailboxReportRow> => ({
  id: 'licenseTrace',
  header: t`License`,
  meta: { secondary: true },
  cell: ({ row }) => <LicenseTraceButton mailbox={row.original} />,
});
