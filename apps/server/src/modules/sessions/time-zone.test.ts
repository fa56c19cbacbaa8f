import { dayStartIn } from '@portal/contracts/dates';
import { TIME_ZONE_SETTING_MSG } from '@portal/contracts/settings';
import { describe, expect, it } from 'vitest';
import { addAccount, signIn } from '../../../test/fixtures';
import { apiCall, useTestContext } from '../../../test/helper';

const ctx = useTestContext();

async function twoSessions() {
  const email = `zone.${Math.random().toString(36).slice(2)}@example.com`;
  await addAccount(ctx.handle.db, { email, name: 'Zoe Zone', roles: ['Auditor'] });
  const { first } = await signIn(ctx, { first: email });
  const { second } = await signIn(ctx, { second: email });
  return { first, second };
}
const zoneOf = async (token: string) => {
  const me: { timeZone: string | null } = (await apiCall(ctx, 'GET', '/User/me', token)).body.data;
  return me.timeZone;
};

describe('a person’s time zone (decision 051)', () => {
  it('is kept on the account, and every session of the person answers it at once', async () => {
    const { first, second } = await twoSessions();
    expect(await zoneOf(first)).toBeNull();

    const saved = await apiCall(ctx, 'PUT', '/User/time-zone', first, { timeZone: ' Asia/Kolkata ' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(TIME_ZONE_SETTING_MSG.saved);
    expect(saved.body.data).toMatchObject({ name: 'Zoe Zone', timeZone: 'Asia/Kolkata' });
    // Both sessions were read before (the session cache holds them): the change reaches both.
    expect(await zoneOf(first)).toBe('Asia/Kolkata');
    expect(await zoneOf(second)).toBe('Asia/Kolkata');

    const cleared = await apiCall(ctx, 'PUT', '/User/time-zone', second, { timeZone: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe(TIME_ZONE_SETTING_MSG.cleared);
    expect(await zoneOf(first)).toBeNull();
  });

  it('refuses what is not a time zone, with the field’s message, and keeps the one chosen', async () => {
    const { first } = await twoSessions();
    await apiCall(ctx, 'PUT', '/User/time-zone', first, { timeZone: 'Europe/Paris' });
    for (const timeZone of ['Mars/Olympus_Mons', '', 'x'.repeat(65), 42, 'Europe/Paris\u0000']) {
      const res = await apiCall(ctx, 'PUT', '/User/time-zone', first, { timeZone });
      expect(res.status, String(timeZone)).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({ field: 'timeZone' });
    }
    const missing = await apiCall(ctx, 'PUT', '/User/time-zone', first, {});
    expect(missing.status).toBe(400);
    expect(await zoneOf(first)).toBe('Europe/Paris');
  });
});

describe('dayStartIn', () => {
  it('starts a day where the zone’s clocks read midnight, beside daylight-saving changes too', () => {
    expect(dayStartIn('2026-12-03', 'Asia/Kolkata').toISOString()).toBe('2026-12-02T18:30:00.000Z');
    expect(dayStartIn('2026-12-03', 'UTC', 1).toISOString()).toBe('2026-12-04T00:00:00.000Z');
    // Berlin moves to summer time at 02:00 on 29 March 2026: that day starts in winter time.
    expect(dayStartIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStartIn('2026-03-29', 'Europe/Berlin', 1).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // New York leaves summer time at 02:00 on 1 November 2026: midnight is still EDT.
    expect(dayStartIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(dayStartIn('2026-11-01', 'America/New_York', 1).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});
