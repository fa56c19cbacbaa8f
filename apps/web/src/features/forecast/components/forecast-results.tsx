import { plural, t } from '@lingui/core/macro';
import type { ForecastResult } from '@portal/contracts/forecast';
import { useEffect, useRef } from 'react';
import { formatDate } from '@/lib/format';
import { count, listOf } from './forecast-coverage';
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
  const pool = result.pool.name;
  const notCounted = listOf(notStarted.map((line) => `${line.productName} ${count(line.notStarted)}`));

  return (
    <section aria-labelledby="forecast-result-heading" className="grid gap-4">
      <h2
        id="forecast-result-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight outline-none"
      >
        {t`Forecast for ${pool} on ${day}`}
      </h2>
      <ForecastVerdict result={result} />
      <ForecastLinesTable lines={result.lines} day={day} />
      <p className="text-sm text-muted-foreground">
        {notStarted.length > 0
          ? t`Usable = available, less the units of lots that expire on or before the planned date or start after it; one license a mailbox. Units in transit are held by jobs in progress: they are no longer available, and come back only if their mailbox fails or is cancelled.`
          : t`Usable = available, less the units of lots that expire on or before the planned date; one license a mailbox. Units in transit are held by jobs in progress: they are no longer available, and come back only if their mailbox fails or is cancelled.`}
      </p>
      {notStarted.length > 0 && <p className="text-sm">{t`Not started by then, not counted: ${notCounted}.`}</p>}
      <h3 className="text-base font-semibold">{t`Lots that expire on or before ${day}`}</h3>
      {expiring.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t`None: no lot of these products expires before then.`}</p>
      ) : (
        <ExpiringLotsTable lots={expiring} day={day} />
      )}
    </section>
  );
}

/** Covered or not, in one sentence: which products are short, and by how many. */
function verdictOf(result: ForecastResult): string {
  const mailboxes = count(result.mailboxes);
  if (result.covered) return t`Covered: the pool has enough licenses for all ${mailboxes} mailboxes.`;
  const short = result.lines.filter((line) => !line.covered);
  const shortCount = short.length;
  const shortList = listOf(short.map((line) => shortBy(line.productName, count(line.shortBy))));
  const lineCount = result.lines.length;
  const products = plural(lineCount, { one: '# product', other: '# products' });
  return t`Not covered: short for ${shortCount} of ${products} (${shortList}).`;
}

const shortBy = (product: string, units: string) => t`${product} by ${units}`;
const fromCsv = (mailboxes: string) => t`${mailboxes} of the mailboxes came from the CSV file.`;

function ForecastVerdict({ result }: { result: ForecastResult }) {
  return (
    <p
      className={
        result.covered
          ? 'rounded-md border border-emerald-600/40 p-3 font-medium text-emerald-800 dark:border-emerald-400/40 dark:text-emerald-200'
          : 'rounded-md border border-destructive/50 p-3 font-medium text-destructive'
      }
    >
      {verdictOf(result)}
      {result.csvMailboxes > 0 && ` ${fromCsv(count(result.csvMailboxes))}`}
    </p>
  );
}
