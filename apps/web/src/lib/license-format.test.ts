import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from './i18n';
import { durationLabel, expiryLabel, movementQuantity, usageLabel } from './license-format';

describe('license display helpers', () => {
  it('shows Transactional as Pay-Per-Use and the other usage types in words', () => {
    expect(usageLabel('Transactional')).toBe('Pay-Per-Use');
    expect(usageLabel('NodeLocked')).toBe('Node-Locked');
    expect(usageLabel('NodeLockedForever')).toBe('Node-Locked Forever');
  });

  it('gives a perpetual lot a dash for its duration and expiry', () => {
    expect(durationLabel({ durationType: 'Perpetual', duration: null })).toBe('-');
    expect(durationLabel({ durationType: 'Fixed', duration: 365 })).toBe('365 days');
    expect(expiryLabel(null)).toBe('-');
    expect(expiryLabel('2026-03-04T12:00:00.000Z')).toBe('04/03/2026');
  });

  it('shows the size of a movement, whatever its direction', () => {
    expect(movementQuantity(-5)).toBe(5);
    expect(movementQuantity(3)).toBe(3);
  });

  describe('in the language shown', () => {
    afterEach(async () => {
      await activateLocale('en');
    });

    it('keeps the English as it was, a day count included', () => {
      expect(durationLabel({ durationType: 'Fixed', duration: 1 })).toBe('1 days');
      expect(durationLabel({ durationType: 'Fixed', duration: 1095 })).toBe('1095 days');
    });

    it('says usage types and days in German, with its plural rules', async () => {
      await activateLocale('de');
      expect(usageLabel('Transactional')).toBe('Nutzungsbasiert');
      expect(usageLabel('NodeLocked')).toBe('Knotengebunden');
      expect(usageLabel('Unknown')).toBe('Unknown');
      expect(durationLabel({ durationType: 'Fixed', duration: 365 })).toBe('365 Tage');
      expect(durationLabel({ durationType: 'Fixed', duration: 1 })).toBe('1 Tag');
      expect(durationLabel({ durationType: 'Perpetual', duration: null })).toBe('-');
    });
  });
});
