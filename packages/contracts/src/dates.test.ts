import { describe, expect, it } from 'vitest';
import { formatDayTimeIn, formatDayTimeUtc, isTimeZone } from './dates';
import { jobPdfQuerySchema, pdfTimeZone, TIME_ZONE_MSG } from './reports';

describe('a date and time in a time zone', () => {
  it("reads as that zone's clocks do, dd/MM/yyyy HH:mm:ss", () => {
    const at = new Date('2026-11-21T09:05:00Z');
    expect(formatDayTimeIn(at, 'UTC')).toBe(formatDayTimeUtc(at));
    expect(formatDayTimeIn(at, 'Europe/Paris')).toBe('21/11/2026 10:05:00');
    expect(formatDayTimeIn(at, 'Asia/Kolkata')).toBe('21/11/2026 14:35:00');
    expect(formatDayTimeIn(new Date('2026-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('31/12/2025 19:00:00');
    // Midnight is 00, never 24.
    expect(formatDayTimeIn(new Date('2026-06-30T22:00:00Z'), 'Europe/Berlin')).toBe('01/07/2026 00:00:00');
  });

  it('knows the IANA zones and nothing else', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus_Mons', 'Europe/Paris\u0000', 'x'.repeat(65)])
      expect(isTimeZone(zone)).toBe(false);
  });

  it("is the PDF's query: the account's zone when absent, else UTC; a field error for an unknown zone", () => {
    expect(jobPdfQuerySchema.parse({})).toEqual({});
    expect(pdfTimeZone(undefined, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(pdfTimeZone(undefined, null)).toBe('UTC');
    expect(pdfTimeZone('Europe/Paris', 'Asia/Tokyo')).toBe('Europe/Paris');
    expect(jobPdfQuerySchema.parse({ timeZone: 'Europe/Paris' })).toEqual({ timeZone: 'Europe/Paris' });
    const refused = jobPdfQuerySchema.safeParse({ timeZone: 'Mars/Olympus_Mons' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['timeZone', TIME_ZONE_MSG],
    ]);
  });
});
