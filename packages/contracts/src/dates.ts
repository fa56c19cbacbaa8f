/**
 * The one way a date reads: dd/MM/yyyy, or dd/MM/yyyy HH:mm:ss when a time is included. The
 * server's messages and mail write UTC and say so; a migration report (its screens and its PDF)
 * writes the reader's time zone with formatDayTimeIn and names that zone beside its times.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** 21/11/2026 */
export function formatDayUtc(date: Date): string {
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** 21/11/2026 09:05:00 */
export function formatDayTimeUtc(date: Date): string {
  return `${formatDayUtc(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** A day as a date input writes it (yyyy-MM-dd), in the order above: '2026-11-21' → '21/11/2026'. */
export function formatIsoDay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDay;
}

/** The time zone every report falls back to, and the server's own. */
export const DEFAULT_TIME_ZONE = 'UTC';

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of one zone, made once (a report formats many times); RangeError for an unknown zone. */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** True for a time zone this runtime knows by its IANA name ('Europe/Paris', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    zoneFormat(value);
    return true;
  } catch {
    return false;
  }
}

/** 21/11/2026 10:05:00 for 09:05:00 UTC in 'Europe/Paris': the day and time as that zone's clocks read. */
export function formatDayTimeIn(date: Date, timeZone: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of zoneFormat(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * The instant a day (yyyy-MM-dd) starts at on the clocks of `timeZone`, `days` later: the audit
 * trail's From and To. The zone's offset is read at the guess and read again at the answer, so a
 * day that starts beside a daylight-saving change starts where the zone's clocks say.
 */
export function dayStartIn(isoDay: string, timeZone: string, days = 0): Date {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + days);
  const offsetAt = (instant: number) => {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of zoneFormat(timeZone).formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
    const at = (type: Intl.DateTimeFormatPartTypes) => parts[type] ?? 0;
    return Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second')) - instant;
  };
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

/** The viewer's own time zone (the browser's, or the process's on a server), UTC when none is set. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}
