import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import type { LotConsumptionRow } from '@portal/contracts/trace';
import { Link } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { actorText } from '@/lib/actor-text';
import { targetLabel } from './stock-words';

const LINK = 'font-medium underline-offset-4 hover:underline focus-visible:underline';

function ConsumptionRow({ row }: { row: LotConsumptionRow }) {
  return (
    <TableRow>
      <TableCell className="tabular-nums">{formatDateTime(row.at)}</TableCell>
      <TableCell>{targetLabel(row.targetType)}</TableCell>
      <TableCell className="break-all whitespace-normal">
        {row.mailboxId && row.mailboxName ? (
          <Link className={LINK} to={PAGES.folders(row.mailboxId)}>
            {row.mailboxName}
          </Link>
        ) : (
          '-'
        )}
      </TableCell>
      <TableCell className="whitespace-normal">
        {row.jobId && row.jobName ? (
          <Link className={LINK} to={PAGES.job(row.jobId)}>
            {row.jobName}
          </Link>
        ) : (
          '-'
        )}
      </TableCell>
      <TableCell>{row.machineName ?? '-'}</TableCell>
      <TableCell className="text-right tabular-nums">{row.quantity}</TableCell>
      <TableCell>{row.poolName ?? '-'}</TableCell>
      <TableCell className="whitespace-normal">
        {actorText(row.actorName, row.apiKeyName)}
        <span className="block text-xs text-muted-foreground">{row.actorEmail}</span>
      </TableCell>
    </TableRow>
  );
}

type Props = {
  licenseId: string;
  rows: LotConsumptionRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
};

/** The lot's Consumption tab: which mailboxes and machines consumed it, newest first, and its export. */
export function LotConsumptionTab({ licenseId, rows, hasMore, loadingMore, onMore }: Props) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t`Which mailboxes and machines consumed this lot, newest first.`}</p>
        <ExportCsvButton
          route={ROUTES.exportLotConsumption}
          params={{ licenseId }}
          fallbackName="lot-consumption.csv"
        />
      </div>
      {rows.length === 0 ? (
        <p className="text-sm">{t`No unit of this lot has been consumed yet.`}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label={t`Consumption`}>
            <TableHeader>
              <TableRow>
                <TableHead>{t`Date`}</TableHead>
                <TableHead>{t`Consumed by`}</TableHead>
                <TableHead>{t`Mailbox`}</TableHead>
                <TableHead>{t`Job`}</TableHead>
                <TableHead>{t`Machine`}</TableHead>
                <TableHead className="text-right">{t`Units`}</TableHead>
                <TableHead>{t`Pool`}</TableHead>
                <TableHead>{t`By`}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <ConsumptionRow key={row.movementId} row={row} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {hasMore && (
        <Button variant="outline" className="justify-self-center" disabled={loadingMore} onClick={onMore}>
          {t`Show more`}
        </Button>
      )}
    </div>
  );
}
