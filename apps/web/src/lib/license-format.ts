import { usageTypeLabel } from '@portal/contracts/labels';
import { formatDate } from './format';

/**
 * How a license group reads on every screen (docs/product.md, "Grouped license"): Transactional is
 * shown as Pay-Per-Use (and every usage type in words: contracts/labels.ts), a Perpetual license has a dash for its duration, durations are in days.
 */
export function usageLabel(usageType: string): string {
  return usageTypeLabel(usageType);
}

export function durationLabel(license: { durationType: string; duration: number | null }): string {
  return license.durationType === 'Perpetual' || license.duration === null ? '-' : `${license.duration} days`;
}

/** A lot's expiry as a date, or a dash when it has none (a Perpetual lot). */
export function expiryLabel(expiryDate: string | null): string {
  return expiryDate ? formatDate(expiryDate) : '-';
}

/** A movement's size: the list shows how many units moved, whatever the direction (docs/product.md). */
export function movementQuantity(quantityChange: number): number {
  return Math.abs(quantityChange);
}
