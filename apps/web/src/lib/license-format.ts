import { plural, t } from '@lingui/core/macro';
import { usageTypeLabel } from '@portal/contracts/labels';
import { formatDate } from './format';

/**
 * How a license group reads on every screen (docs/product.md, "Grouped license"): Transactional is
 * shown as Pay-Per-Use (and every usage type in words: contracts/labels.ts, whose English the CSV
 * keeps), a Perpetual license has a dash for its duration, durations are in days. The words are in
 * the language shown (decision 052): the dashboard shows them, so they are the shell's messages.
 */
export function usageLabel(usageType: string): string {
  const words: Record<string, string> = {
    Transactional: t`Pay-Per-Use`,
    NodeLocked: t`Node-Locked`,
    NodeLockedForever: t`Node-Locked Forever`,
  };
  return Object.hasOwn(words, usageType) ? (words[usageType] ?? usageType) : usageTypeLabel(usageType);
}

export function durationLabel(license: { durationType: string; duration: number | null }): string {
  const { durationType, duration } = license;
  if (durationType === 'Perpetual' || duration === null) return '-';
  // The number as the API sends it ("1095 days", as before), its noun by the language's plural rules.
  const days = String(duration);
  return plural(duration, { one: `${days} days`, other: `${days} days` });
}

/** A lot's expiry as a date, or a dash when it has none (a Perpetual lot). */
export function expiryLabel(expiryDate: string | null): string {
  return expiryDate ? formatDate(expiryDate) : '-';
}

/** A movement's size: the list shows how many units moved, whatever the direction (docs/product.md). */
export function movementQuantity(quantityChange: number): number {
  return Math.abs(quantityChange);
}
