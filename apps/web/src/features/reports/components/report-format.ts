import { i18n } from '@lingui/core';
import { formatDayTimeIn } from '@portal/contracts/dates';
import { viewerTimeZone } from '@/lib/time-zone';

/*
 * How the report screens write numbers and times. Times read from contracts/dates.ts, as the job's
 * PDF does, so the screen and the PDF say, for the same time zone, the same times. Statuses are
 * said in the language shown (report-words.ts); the PDF's are the English of contracts/labels.ts.
 */

/**
 * A report's date and time in the viewer's time zone, dd/MM/yyyy HH:mm:ss, or '—'. The zone is
 * named beside them (withZone): the PDF names the zone it writes, which the web asks to be this one.
 */
export function reportDateTime(iso: string | null | undefined, timeZone = viewerTimeZone()): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? formatDayTimeIn(date, timeZone) : '—';
}

/** A label of times, with their zone: 'Start (Europe/Paris)'. */
export function withZone(label: string, timeZone = viewerTimeZone()): string {
  return `${label} (${timeZone})`;
}

/** The language shown (decision 052); English before a catalogue is active (tests). */
const locale = () => i18n.locale || 'en';

/**
 * completionPercentage with two decimals, as the language shown writes it: 87.50% (English, as
 * the PDF), 87,50 % (German).
 */
export function formatPercent(value: number): string {
  const finite = Number.isFinite(value) ? value : 0;
  if (locale() === 'en') return `${finite.toFixed(2)}%`;
  const percent = { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
  return new Intl.NumberFormat(locale(), percent).format(finite / 100);
}

/** A count with the language's thousands separators (1,234 or 1.234), so a million items reads at a glance. */
export function formatCount(value: number): string {
  return value.toLocaleString(locale());
}

/** A UUID, as the server generates job and mailbox ids; anything else in a link is refused here. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReportId(value: string | null): value is string {
  return value !== null && UUID.test(value);
}
