import { z } from 'zod';
import { MSG } from './messages';

export const DURATION_TYPES = ['Perpetual', 'Fixed'] as const;
export const USAGE_TYPES = ['Transactional', 'NodeLocked', 'NodeLockedForever'] as const;
/** The usage types the Create License dialog offers (spec section 3). */
export const CREATE_USAGE_TYPES = ['NodeLockedForever', 'NodeLocked'] as const;
export const LICENSE_STATUSES = ['Active', 'Expired', 'Exhausted'] as const;
export const MOVEMENT_ACTIONS = ['Issue', 'Allocate', 'Revoke', 'Reserve', 'Consume', 'Release'] as const;

export type DurationType = (typeof DURATION_TYPES)[number];
export type UsageType = (typeof USAGE_TYPES)[number];
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export type MovementAction = (typeof MOVEMENT_ACTIONS)[number];

export const EARLIEST_DATE = '1900-01-01T00:00:00.000Z';
const DAY_MS = 86_400_000;

export const LICENSE_MSG = {
  editionRequired: 'Edition is required',
  startDateRequired: 'Start date is required',
  dateTooEarly: 'Dates cannot be before 1900-01-01',
  expiryAfterStart: 'Expiry date must be after the start date',
  fixedNeedsEnd: 'A fixed license needs a duration or an expiry date',
  perpetualHasNoEnd: 'A perpetual license has no duration or expiry date',
  durationMismatch: 'Duration and expiry date do not agree',
  durationMin: 'Duration must be at least 1 day',
  totalCountMin: 'Total count must be at least 1',
  floatingMin: 'Floating time limit cannot be negative',
  usageNeedsPerpetual: 'NodeLockedForever licenses are perpetual',
  usageNeedsFixed: 'NodeLocked licenses have a fixed duration',
  oneGroupOnce: 'Each product group can be picked once',
  productsRequired: 'Choose at least one product',
} as const;

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

/** One catalogue entry (seed data). */
export const productSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  editions: z.array(z.string()),
});
export type Product = z.infer<typeof productSchema>;

/** A group of interchangeable lots as one pool holds it; availableCount leaves expired lots out. */
export const groupedLicenseSchema = z.object({
  groupKey: z.string(),
  productCode: z.string(),
  productName: z.string(),
  edition: z.string(),
  durationType: z.enum(DURATION_TYPES),
  usageType: z.enum(USAGE_TYPES),
  /** Days; null for Perpetual (shown as a dash). */
  duration: z.number().int().nullable(),
  totalCount: z.number().int(),
  availableCount: z.number().int(),
  consumedCount: z.number().int(),
  inTransitCount: z.number().int(),
});
export type GroupedLicense = z.infer<typeof groupedLicenseSchema>;

/** An issued lot as the Licenses list shows it. */
export const licenseSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  productName: z.string(),
  productDescription: z.string(),
  edition: z.string(),
  externalRefCode: z.string().nullable(),
  durationType: z.enum(DURATION_TYPES),
  usageType: z.enum(USAGE_TYPES),
  customer: z.object({ name: z.string(), email: z.string() }),
  startDate: z.string(),
  expiryDate: z.string().nullable(),
  duration: z.number().int().nullable(),
  totalCount: z.number().int(),
  floatingTimeLimit: z.number().int().nullable(),
  orderId: z.string().nullable(),
  groupKey: z.string(),
  status: z.enum(LICENSE_STATUSES),
  createdAt: z.string(),
});
export type License = z.infer<typeof licenseSchema>;

const isoDate = (required: string) =>
  z.iso
    .datetime({ offset: true, error: (issue) => (issue.input === undefined ? required : MSG.invalidInput) })
    .refine((value) => Date.parse(value) >= Date.parse(EARLIEST_DATE), LICENSE_MSG.dateTooEarly);

/** `POST License`: issues a lot to customerEmail. licenseTypeName is the product's edition. */
export const createLicenseSchema = z
  .object({
    productCode: z.string({ error: MSG.productCodeRequired }).trim().min(1, MSG.productCodeRequired).max(50),
    licenseTypeName: z.string({ error: LICENSE_MSG.editionRequired }).trim().min(1, LICENSE_MSG.editionRequired),
    durationType: z.enum(DURATION_TYPES),
    usageType: z.enum(USAGE_TYPES),
    customerEmail: z
      .string({ error: MSG.emailRequired })
      .trim()
      .min(1, MSG.emailRequired)
      .pipe(z.email({ error: MSG.emailInvalid }).max(254, MSG.emailInvalid)),
    customerName: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100),
    startDate: isoDate(LICENSE_MSG.startDateRequired),
    expiryDate: isoDate(MSG.required).nullish(),
    duration: z.number().int().min(1, LICENSE_MSG.durationMin).max(36_500).nullish(),
    totalCount: z.number().int().min(1, LICENSE_MSG.totalCountMin).max(1_000_000),
    floatingTimeLimit: z.number().int().min(0, LICENSE_MSG.floatingMin).max(1_000_000).nullish(),
    orderId: z.string().trim().max(100).nullish(),
    externalRefCode: z.string().trim().max(100).nullish(),
  })
  .superRefine((body, ctx) => {
    const start = Date.parse(body.startDate);
    const expiry = body.expiryDate ? Date.parse(body.expiryDate) : null;
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (expiry !== null && expiry <= start) fail('expiryDate', LICENSE_MSG.expiryAfterStart);
    if (body.durationType === 'Perpetual') {
      if (expiry !== null) fail('expiryDate', LICENSE_MSG.perpetualHasNoEnd);
      if (body.duration !== null && body.duration !== undefined) fail('duration', LICENSE_MSG.perpetualHasNoEnd);
      if (body.usageType === 'NodeLocked') fail('usageType', LICENSE_MSG.usageNeedsFixed);
    } else {
      if (expiry === null && (body.duration ?? null) === null) fail('duration', LICENSE_MSG.fixedNeedsEnd);
      if (
        expiry !== null &&
        typeof body.duration === 'number' &&
        Math.round((expiry - start) / DAY_MS) !== body.duration
      )
        fail('duration', LICENSE_MSG.durationMismatch);
      if (body.usageType === 'NodeLockedForever') fail('usageType', LICENSE_MSG.usageNeedsPerpetual);
    }
  });
export type CreateLicenseInput = z.infer<typeof createLicenseSchema>;

/** The lot's end: a Fixed lot given only one of duration and expiry gets the other. */
export function lotTerm(input: Pick<CreateLicenseInput, 'durationType' | 'startDate' | 'expiryDate' | 'duration'>): {
  expiryDate: Date | null;
  durationDays: number | null;
} {
  if (input.durationType === 'Perpetual') return { expiryDate: null, durationDays: null };
  const start = Date.parse(input.startDate);
  if (input.expiryDate) {
    const expiry = Date.parse(input.expiryDate);
    return {
      expiryDate: new Date(expiry),
      durationDays: input.duration ?? Math.max(1, Math.round((expiry - start) / DAY_MS)),
    };
  }
  const days = input.duration ?? 1;
  return { expiryDate: new Date(start + days * DAY_MS), durationDays: days };
}

export const productAllocationSchema = z.object({
  groupKey: z.string({ error: MSG.groupKeyRequired }).trim().min(1, MSG.groupKeyRequired).max(200),
  productCode: z.string({ error: MSG.productCodeRequired }).trim().min(1, MSG.productCodeRequired).max(50),
  quantity: z.number({ error: MSG.countMin }).int().min(1, MSG.countMin).max(1_000_000),
});

/** `POST LicenseAllocation/allocate` and `/revoke`. */
export const allocationRequestSchema = z.object({
  targetId: z.string({ error: MSG.targetIdRequired }).trim().min(1, MSG.targetIdRequired).pipe(z.uuid('Invalid id')),
  isUser: z.boolean(),
  productAllocations: z
    .array(productAllocationSchema)
    .min(1, LICENSE_MSG.productsRequired)
    .max(200)
    .refine((rows) => new Set(rows.map((r) => r.groupKey)).size === rows.length, LICENSE_MSG.oneGroupOnce),
});
export type AllocationRequest = z.infer<typeof allocationRequestSchema>;

/** One row of the License Movement list; quantityChange is signed (the screen shows its size). */
export const licenseMovementSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  productName: z.string(),
  quantityChange: z.number().int(),
  action: z.enum(MOVEMENT_ACTIONS),
  sourcePoolName: z.string().nullable(),
  targetName: z.string(),
  targetType: z.enum(['User', 'Pool', 'Mailbox']),
  createdAt: z.string(),
});
export type LicenseMovement = z.infer<typeof licenseMovementSchema>;
