import { t } from '@lingui/core/macro';
import type { ForecastLine } from '@portal/contracts/forecast';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { usageLabel } from '@/lib/license-format';
import { count, CoverageBadge } from './forecast-coverage';

/** One line per product: covered or short by N first, then available, in transit, expiring, usable. */
export function ForecastLinesTable({ lines, day }: { lines: readonly ForecastLine[]; day: string }) {
  return (
    <Table aria-label={t`Forecast by product`}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t`Product`}</TableHead>
          <TableHead scope="col">{t`Result`}</TableHead>
          <TableHead scope="col" className="text-right">
            {t`Mailboxes`}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t`Available`}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t`In transit`} <span className="font-normal">{t`(jobs in progress)`}</span>
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t`Expiring by ${day}`}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t`Usable`}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.productCode}>
            <TableHead scope="row" className="font-medium">
              {line.productName} <span className="text-muted-foreground">({line.productCode})</span>
            </TableHead>
            <TableCell>
              <CoverageBadge line={line} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{count(line.mailboxes)}</TableCell>
            <TableCell className="text-right tabular-nums">{count(line.available)}</TableCell>
            <TableCell className="text-right tabular-nums">{count(line.inTransit)}</TableCell>
            <TableCell className="text-right tabular-nums">{count(line.expiring)}</TableCell>
            <TableCell className="text-right tabular-nums">{count(line.usable)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type ExpiringLot = ForecastLine['expiringLots'][number] & { line: ForecastLine };

/** The lots that expire on or before the planned day: their units are not counted. */
export function ExpiringLotsTable({ lots, day }: { lots: readonly ExpiringLot[]; day: string }) {
  return (
    <Table aria-label={t`Lots that expire on or before ${day}`}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t`Product`}</TableHead>
          <TableHead scope="col">{t`Edition`}</TableHead>
          <TableHead scope="col">{t`Type`}</TableHead>
          <TableHead scope="col">{t`Order`}</TableHead>
          <TableHead scope="col">{t`Expires`}</TableHead>
          <TableHead scope="col" className="text-right">
            {t`Units not counted`}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lots.map((lot) => (
          <TableRow key={lot.licenseId}>
            <TableCell>{lot.line.productName}</TableCell>
            <TableCell>{lot.edition}</TableCell>
            <TableCell>{usageLabel(lot.usageType)}</TableCell>
            <TableCell>{lot.orderId ?? '—'}</TableCell>
            <TableCell>{formatDate(lot.expiryDate)}</TableCell>
            <TableCell className="text-right tabular-nums">{count(lot.units)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
