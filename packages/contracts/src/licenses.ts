import { z } from 'zod';
import { pageNumberField, pageSizeField } from './envelope';
import { idField, inputObject, searchField, text } from './fields';
import { DURATION_TYPES, LICENSE_STATUSES, USAGE_TYPES } from './license-kinds';
import { MSG } from './messages';

/**
 * Issued lots: the Licenses list, Create License and the usage report. The license contracts are
 * split by concern; this module also re-exports the others, so `@portal/contracts/licenses` names
 * every one of them.
 */
export * from './license-kinds';
export * from './allocations';
export * from './movements';

export const EARLIEST_DATE = '1900-01-01T00:00:00.000Z';
const DAY_MS = 86_400_000;

export const LICENSE_MSG = {
  editionRequired: 'Edition is required',
  startDateRequired: 'Start date is required',
  dateTooEarly: 'Dates cannot be before 01/01/1900',
  expiryAfterStart: 'Expiry date must be after the start date',
  fixedNeedsEnd: 'A fixed license needs a duration or an expiry date',
  perpetualHasNoEnd: 'A perpetual license has no duration or expiry date',
  durationMismatch: 'Duration and expiry date do not agree',
  durationMin: 'Duration must be at least 1 day',
  totalCountMin: 'Total count must be at least 1',
  floatingMin: 'Floating time limit cannot be negative',
  usageNeedsPerpetual: 'NodeLockedForever licenses are perpetual',
  usageNeedsFixed: 'NodeLocked licenses have a fixed duration',
} as const;

/** One catalogue entry (seed data). */
export const productSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  editions: z.array(z.string()),
});
export type Product = z.infer<typeof productSchema>;

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
  /** The Admin that issued this lot from one it held (decision 029); null for a lot the provider issued. */
  issuedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type License = z.infer<typeof licenseSchema>;

const isoDate = (required: string) =>
  z.iso
    .datetime({ offset: true, error: (issue) => (issue.input === undefined ? required : MSG.invalidInput) })
    .refine((value) => Date.parse(value) >= Date.parse(EARLIEST_DATE), LICENSE_MSG.dateTooEarly);

/** `POST License`: issues a lot to customerEmail. licenseTypeName is the product's edition. */
export const createLicenseSchema = inputObject({
  productCode: text({ error: MSG.productCodeRequired }).trim().min(1, MSG.productCodeRequired).max(50),
  licenseTypeName: text({ error: LICENSE_MSG.editionRequired }).trim().min(1, LICENSE_MSG.editionRequired).max(50),
  durationType: z.enum(DURATION_TYPES),
  usageType: z.enum(USAGE_TYPES),
  customerEmail: text({ error: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .pipe(z.email({ error: MSG.emailInvalid }).max(254, MSG.emailInvalid)),
  customerName: text({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100),
  startDate: isoDate(LICENSE_MSG.startDateRequired),
  expiryDate: isoDate(MSG.required).nullish(),
  duration: z.number().int().min(1, LICENSE_MSG.durationMin).max(36_500).nullish(),
  totalCount: z.number().int().min(1, LICENSE_MSG.totalCountMin).max(1_000_000),
  floatingTimeLimit: z.number().int().min(0, LICENSE_MSG.floatingMin).max(1_000_000).nullish(),
  orderId: text().trim().max(100).nullish(),
  externalRefCode: text().trim().max(100).nullish(),
  /**
   * Admin only (decision 029): the held lot the new lot is drawn from. Without it the soonest-expiring
   * held lot of the product, edition and usage type that covers the count and the term is used.
   */
  sourceLicenseId: idField.nullish(),
}).superRefine((body, ctx) => {
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
    if (expiry !== null && typeof body.duration === 'number' && Math.round((expiry - start) / DAY_MS) !== body.duration)
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

/* ---------------------------------------------------------------- requests of the license calls */

/** `GET /License`: lots visible to the caller, newest first (10 to 50 a page). */
export const licenseListQuerySchema = inputObject({
  pageNumber: pageNumberField,
  pageSize: pageSizeField(50, 10),
  search: searchField,
  status: z.enum(LICENSE_STATUSES).optional(),
});

/** The columns the usage report filters on: `filters=productCode:MBX` (repeatable). */
export const USAGE_FILTER_COLUMNS = ['productCode'] as const;
const usageFilter = text()
  .trim()
  .max(120)
  .regex(/^[A-Za-z]+:.+$/, 'A filter is column:value')
  .refine((value) => (USAGE_FILTER_COLUMNS as readonly string[]).includes(value.split(':')[0] ?? ''), {
    message: `A filter column is one of ${USAGE_FILTER_COLUMNS.join(', ')}`,
  });

/** `GET /LicenseUsageReport` (25 to 125 a page; SearchTerm matches account and product). */
export const usageReportQuerySchema = inputObject({
  pageNumber: pageNumberField,
  pageSize: pageSizeField(125, 25),
  SearchTerm: searchField,
  filters: z
    .union([usageFilter, z.array(usageFilter).max(10)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});

/* --------------------------------------------------------------- answers of the license calls */

/** The answer of `POST License`: the new lot (a SuperAdmin's, or an Admin's drawn from a held lot). */
export const createdLicenseSchema = z.object({
  licenseId: z.string(),
  /** The held lot an Admin's new lot was drawn from (decision 029); null for a SuperAdmin's. */
  sourceLicenseId: z.string().nullable(),
  groupKey: z.string(),
  customerId: z.string(),
  /** True when the customer's account was created by this call (a validation mail went out). */
  customerCreated: z.boolean(),
  quantity: z.number().int(),
});
export type CreatedLicense = z.infer<typeof createdLicenseSchema>;

/**
 * `GET /License/issuable` (Admin): a lot the caller holds in its Default pool and can issue a new lot
 * from now (started, not expired, units available). A new lot keeps its product, edition and usage
 * type, starts on or after startDate and ends on or before expiryDate (decision 029).
 */
export const issuableLotSchema = z.object({
  licenseId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  edition: z.string(),
  usageType: z.enum(USAGE_TYPES),
  durationType: z.enum(DURATION_TYPES),
  /** Days; null for Perpetual. */
  duration: z.number().int().nullable(),
  available: z.number().int(),
  startDate: z.string(),
  /** Null for a perpetual lot. */
  expiryDate: z.string().nullable(),
});
export type IssuableLot = z.infer<typeof issuableLotSchema>;

/** A row of `/license-usage-report`: one account and product. Totals count units held (not handed on). */
export const usageReportRowSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  accountEmail: z.string(),
  productCode: z.string(),
  productName: z.string(),
  totalLicenses: z.number().int(),
  consumedLicenses: z.number().int(),
  availableLicenses: z.number().int(),
  inTransitLicenses: z.number().int(),
});
export type UsageReportRow = z.infer<typeof usageReportRowSchema>;
