import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';
import { setChosenTimeZone } from './time-zone';

const pad = (value: number) => String(value).padStart(2, '0');
/** The expected text, from the instant's local parts (the test runs in any time zone). */
function local(date: Date, withTime: boolean): string {
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : day;
}

describe('formatDateTime and formatDate', () => {
  it('shows an instant of the API in the viewer time zone', () => {
    const iso = '2026-11-21T23:45:06.789Z';
    expect(formatDateTime(iso)).toBe(local(new Date(iso), true));
    expect(formatDate(iso)).toBe(local(new Date(iso), false));
    expect(formatDateTime('2026-11-21T23:45:06+02:00')).toBe(local(new Date('2026-11-21T21:45:06Z'), true));
  });

  it('reads a date alone, or a time without offset, as local: the day does not move', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDateTime('2026-03-09')).toBe('09/03/2026 00:00:00');
    expect(formatDateTime('2026-03-09T07:08:09')).toBe('09/03/2026 07:08:09');
    expect(formatDateTime('2026-12-31 23:59:59.5')).toBe('31/12/2026 23:59:59');
  });

  it('shows a dash for nothing and for what is not an ISO date', () => {
    for (const value of [
      null,
      undefined,
      '',
      'yesterday',
      '21/11/2026',
      '2026-13-01',
      '2026-02-30',
      '2026-11-21T25:00',
    ])
      expect([formatDate(value), formatDateTime(value)]).toEqual(['—', '—']);
  });
});

describe('with a time zone chosen in Settings (decision 051)', () => {
  afterEach(() => setChosenTimeZone(null));

  it('shows an instant on the chosen zone’s clocks, its day too', () => {
    setChosenTimeZone('Asia/Kolkata');
    expect(formatDateTime('2026-11-21T23:45:06.789Z')).toBe('22/11/2026 05:15:06');
    expect(formatDate('2026-11-21T23:45:06Z')).toBe('22/11/2026');
    setChosenTimeZone('America/Los_Angeles');
    expect(formatDateTime('2026-11-21T23:45:06+02:00')).toBe('21/11/2026 13:45:06');
  });

  it('leaves a day alone, and a time without offset, as they read', () => {
    setChosenTimeZone('Pacific/Auckland');
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDateTime('2026-03-09T07:08:09')).toBe('09/03/2026 07:08:09');
  });
});
