import { z } from 'zod';

/**
 * What every part of the license contracts shares: the kinds of a lot and the group of
 * interchangeable lots. licenses.ts (lots), allocations.ts (stock handed on) and movements.ts (the
 * ledger) are built on it; licenses.ts re-exports them all, so `@portal/contracts/licenses` keeps
 * naming every license schema.
 */

export const DURATION_TYPES = ['Perpetual', 'Fixed'] as const;
export const USAGE_TYPES = ['Transactional', 'NodeLocked', 'NodeLockedForever'] as const;
/** The usage types the Create License dialog offers. */
export const CREATE_USAGE_TYPES = ['NodeLockedForever', 'NodeLocked'] as const;
export const LICENSE_STATUSES = ['Active', 'Expired', 'Exhausted'] as const;

export type DurationType = (typeof DURATION_TYPES)[number];
export type UsageType = (typeof USAGE_TYPES)[number];
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/**
 * The key that groups interchangeable lots; the database generates the same text in
 * licenses.group_key (migration 0007), so both sides agree.
 */
export function groupKeyOf(lot: {
  productCode: string;
  edition: string;
  durationType: DurationType;
  durationDays: number | null;
  usageType: UsageType;
}): string {
  return [lot.productCode, lot.edition, lot.durationType, lot.durationDays ?? '-', lot.usageType].join('|');
}

/**
 * The fields of every row that counts a group of interchangeable lots in a pool: the group's kind
 * (edition, duration type, usage type, duration) and its four counts.
 */
export const groupCountFields = {
  edition: z.string(),
  durationType: z.enum(DURATION_TYPES),
  usageType: z.enum(USAGE_TYPES),
  /** Days; null for Perpetual (shown as a dash). */
  duration: z.number().int().nullable(),
  totalCount: z.number().int(),
  availableCount: z.number().int(),
  consumedCount: z.number().int(),
  inTransitCount: z.number().int(),
};

/** A group of interchangeable lots as one pool holds it; availableCount leaves expired lots out. */
export const groupedLicenseSchema = z.object({
  groupKey: z.string(),
  productCode: z.string(),
  productName: z.string(),
  ...groupCountFields,
});
export type GroupedLicense = z.infer<typeof groupedLicenseSchema>;
