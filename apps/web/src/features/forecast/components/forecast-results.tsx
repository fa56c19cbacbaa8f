import type { ForecastResult } from '@portal/contracts/forecast';
import { useEffect, useRef } from 'react';
import { formatDate } from '@/lib/format';
import { count } from './forecast-coverage';
import { ExpiringLotsTable, ForecastLinesTable } from './forecast-tables';

/**
 * The answer: one line per product (covered or short by N first, so that a phone shows it without
 * scrolling; then available, in transit, not counted, usable) and the lots that expire before the planned day. Focus moves to its heading when a new
 * answer arrives, so a screen reader reads it next.
 */
export function ForecastResults({ result }: { result: ForecastResult }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result]);
  const day = formatDate(result.plannedDate);
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
      <ForecastVerdict result={result} />
      <ForecastLinesTable lines={result.lines} day={day} />
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
        <ExpiringLotsTable lots={expiring} day={day} />
      )}
    </section>
  );
}

/** Covered or not, in one sentence: which products are short, and by how many. */
function ForecastVerdict({ result }: { result: ForecastResult }) {
  const short = result.lines.filter((line) => !line.covered);
  return (
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
  );
}
