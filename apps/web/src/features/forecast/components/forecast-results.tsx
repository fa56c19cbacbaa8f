import type { ForecastLine, ForecastResult } from '@portal/contracts/forecast';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { usageLabel } from '@/lib/license-format';

const count = (n: number) => n.toLocaleString('en-US');

/** Covered, or short by how many: in words, not only in colour. */
export function CoverageBadge({ line }: { line: Pick<ForecastLine, 'covered' | 'shortBy'> }) {
  return line.covered ? (
    <Badge variant="success">
      <CircleCheckIcon aria-hidden /> Covered
    </Badge>
  ) : (
    <Badge variant="destructive">
      <CircleAlertIcon aria-hidden /> Short by {count(line.shortBy)}
    </Badge>
  );
}

/**
 * The answer: one line per product (covered or short by N first, so that a phone shows it without
 * scrolling; then available, in transit, not counted, usable) and the lots that expire before the planned day. Focus moves to its heading when a new
 * answer arrives, so a screen reader reads it next.
 */
export function ForecastResults({ result }: { result: ForecastResult }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result]);
  const day = formatDate(result.plannedDate);
  const short = result.lines.filter((line) => !line.covered);
  const expiring = result.lines.flatMap((line) => line.expiringLots.map((lot) => ({ ...lot, line })));
  const notStarted = result.lines.filter((line) => line.notStarted > 0);

  return (
    <section aria-labelledby="forecast-result-heading" className="grid gap-4">
      <h2
        id="forecast-result-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight outline-none"
      >
        Forecast for {result.pool.name} on {day}
      </h2>
      <p
        className={
          result.covered
            ? 'rounded-md border border-emerald-600/40 p-3 font-medium text-emerald-800 dark:border-emerald-400/40 dark:text-emerald-200'
            : 'rounded-md border border-destructive/50 p-3 font-medium text-destructive'
        }
      >
        {result.covered
          ? `Covered: the pool has enough licenses for all ${count(result.mailboxes)} mailboxes.`
          : `Not covered: short for ${short.length} of ${result.lines.length} ${result.lines.length === 1 ? 'product' : 'products'} (${short
              .map((line) => `${line.productName} by ${count(line.shortBy)}`)
              .join(', ')}).`}
        {result.csvMailboxes > 0 && ` ${count(result.csvMailboxes)} of the mailboxes came from the CSV file.`}
      </p>
      <Table aria-label="Forecast by product">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Product</TableHead>
            <TableHead scope="col">Result</TableHead>
            <TableHead scope="col" className="text-right">
              Mailboxes
            </TableHead>
            <TableHead scope="col" className="text-right">
              Available
            </TableHead>
            <TableHead scope="col" className="text-right">
              In transit <span className="font-normal">(jobs in progress)</span>
            </TableHead>
            <TableHead scope="col" className="text-right">
              Expiring by {day}
            </TableHead>
            <TableHead scope="col" className="text-right">
              Usable
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.lines.map((line) => (
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
      <p className="text-sm text-muted-foreground">
        Usable = available, less the units of lots that expire on or before the planned date
        {notStarted.length > 0 ? ' or start after it' : ''}; one license a mailbox. Units in transit are held by jobs in
        progress: they are no longer available, and come back only if their mailbox fails or is cancelled.
      </p>
      {notStarted.length > 0 && (
        <p className="text-sm">
          Not started by then, not counted:{' '}
          {notStarted.map((line) => `${line.productName} ${count(line.notStarted)}`).join(', ')}.
        </p>
      )}
      <h3 className="text-base font-semibold">Lots that expire on or before {day}</h3>
      {expiring.length === 0 ? (
        <p className="text-sm text-muted-foreground">None: no lot of these products expires before then.</p>
      ) : (
        <Table aria-label={`Lots that expire on or before ${day}`}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Product</TableHead>
              <TableHead scope="col">Edition</TableHead>
              <TableHead scope="col">Type</TableHead>
              <TableHead scope="col">Order</TableHead>
              <TableHead scope="col">Expires</TableHead>
              <TableHead scope="col" className="text-right">
                Units not counted
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {expiring.map((lot) => (
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
      )}
    </section>
  );
}
