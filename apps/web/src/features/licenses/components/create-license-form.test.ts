import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issuableLot } from '@/test/license-fixtures';
import { LOT_MSG, lotBounds, lotLabel } from './create-license-form';

describe("a held lot's days in the Create License dialog", () => {
  // West of UTC, 03:00 UTC is the evening before: the viewer's day and the UTC day differ.
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  const lot = issuableLot({ startDate: '2026-11-20T03:00:00.000Z', expiryDate: '2027-11-20T03:00:00.000Z' });

  it('are the UTC days the date inputs allow and the server says, not the viewer’s', () => {
    expect(new Date(lot.startDate).getDate()).toBe(19); // the viewer's day, which the texts must not use
    expect(lotLabel(lot)).toBe('Mailbox Migrator (Standard) · Node-Locked · 166 available · until 20/11/2027');
    expect(lotBounds(lot)).toBe('You can issue up to 166, until 20/11/2027');
    expect(LOT_MSG.startsOn(lot)).toBe('This lot starts on 20/11/2026: choose a start date on or after it.');
    expect(LOT_MSG.expiresOn(lot)).toBe('This lot expires on 20/11/2027: choose an expiry on or before it.');
  });
});
