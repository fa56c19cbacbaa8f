/**
 * The one way a date reads (spec: "Dates are shown as dd/MM/yyyy, or dd/MM/yyyy HH:mm:ss when a
 * time is included"), for what the server writes for people: error messages and mail. In UTC,
 * which the server's messages say when they give a time; the web app shows the viewer's own day
 * (apps/web/src/lib/format.ts), in the same order.
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

/** A day as a date input writes it (yyyy-MM-dd), in the spec's order: '2026-11-21' → '21/11/2026'. */
export function formatIsoDay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDay;
}
