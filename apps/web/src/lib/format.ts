import { formatDayTimeIn } from '@portal/contracts/dates';
import { chosenTimeZone } from './time-zone';

/**
 * ISO 8601 as the API sends it: a date alone is that day in the viewer's time zone (as date-fns'
 * parseISO reads it, and unlike `new Date('2026-11-21')`, which reads UTC midnight); a date and time
 * without an offset is local time, with one it is that instant. Anything else is no date.
 * Written by hand rather than with date-fns: two fixed formats are not worth 6.5 KB gzip in the
 * signed-in shell (docs/decisions/021-web-weight.md).
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function parseIsoDate(iso: string): Date | null {
  const match = ISO_DATE.exec(iso.trim());
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds, offset] = match;
  const date =
    hours === undefined || offset === undefined
      ? new Date(+year!, +month! - 1, +day!, +(hours ?? 0), +(minutes ?? 0), +(seconds ?? 0))
      : new Date(iso.trim().replace(' ', 'T'));
  // Out-of-range parts (month 13, 31 February) roll over in Date: they are no date.
  if (Number.isNaN(date.getTime())) return null;
  if (offset === undefined && (date.getMonth() !== +month! - 1 || date.getDate() !== +day!)) return null;
  return date;
}

/** An ISO text that names its offset (`Z`, `+02:00`): an instant, which a chosen zone shows on its clocks. */
const hasOffset = (iso: string) => ISO_DATE.exec(iso.trim())?.[7] !== undefined;

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

/**
 * docs/product.md: dates with a time read dd/MM/yyyy HH:mm:ss, in the viewer's time zone: the one
 * chosen in Settings (decision 051), else the browser's.
 */
export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? parseIsoDate(iso) : null;
  if (!date) return '—';
  const zone = chosenTimeZone();
  if (zone && hasOffset(iso!)) return formatDayTimeIn(date, zone);
  return `${dayOf(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** docs/product.md: dates without a time read dd/MM/yyyy. */
export function formatDate(iso: string | null | undefined): string {
  const date = iso ? parseIsoDate(iso) : null;
  if (!date) return '—';
  const zone = chosenTimeZone();
  // An instant's day is the day on the chosen zone's clocks; a day alone is that day everywhere.
  return zone && hasOffset(iso!) ? formatDayTimeIn(date, zone).slice(0, 10) : dayOf(date);
}

/** The avatar fallback: the first letter of the name, or of the email when there is no name. */
export function initialOf(name: string, email = ''): string {
  return (name.trim() || email.trim()).charAt(0).toUpperCase() || '?';
}
