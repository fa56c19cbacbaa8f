import { z } from 'zod';
import { MAX_PAGE_NUMBER } from './envelope';
import { inputObject, text } from './fields';
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
  sourceLicenseId: z.uuid({ message: 'Invalid id' }).nullish(),
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

export const productAllocationSchema = inputObject({
  groupKey: text({ error: MSG.groupKeyRequired }).trim().min(1, MSG.groupKeyRequired).max(200),
  productCode: text({ error: MSG.productCodeRequired }).trim().min(1, MSG.productCodeRequired).max(50),
  quantity: z.number({ error: MSG.countMin }).int().min(1, MSG.countMin).max(1_000_000),
});

/** `POST LicenseAllocation/allocate` and `/revoke`. */
export const allocationRequestSchema = inputObject({
  targetId: text({ error: MSG.targetIdRequired }).trim().min(1, MSG.targetIdRequired).pipe(z.uuid('Invalid id')),
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
  targetType: z.enum(['User', 'Pool', 'Mailbox', 'Machine']),
  /** Who made the change (name and email), null for the system. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type LicenseMovement = z.infer<typeof licenseMovementSchema>;

/* ---------------------------------------------------------------- requests of the license calls */

const uuid = z.uuid({ message: 'Invalid id' });
const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1);
/** A page size between 1 and `max` (the screens offer the spec's steps within it). */
const pageSize = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const search = text().trim().max(200).optional();
/** A query flag: `true`/`false` as text, or a boolean. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false);

/** `GET /License`: lots visible to the caller, newest first (spec: 10 to 50 a page). */
export const licenseListQuerySchema = inputObject({
  pageNumber,
  pageSize: pageSize(50, 10),
  search,
  status: z.enum(LICENSE_STATUSES).optional(),
});

/** `GET /LicenseAllocation/user-summary?fetchType=self&pageNumber&pageSize`. */
export const mySummaryQuerySchema = inputObject({
  fetchType: z.literal('self').default('self'),
  pageNumber,
  pageSize: pageSize(2500, 10),
  search,
});

/** The dashboard's four sections (spec section 2), in their order: one CSV export each. */
export const DASHBOARD_SECTIONS = ['own', 'account', 'shared', 'users'] as const;
export type DashboardSectionId = (typeof DASHBOARD_SECTIONS)[number];

/**
 * `GET /LicensePool/user-allocation-hierarchy/export`: one section of the dashboard; `search`
 * matches product code, name or edition (and in 'users' the user's name or email).
 */
export const dashboardExportQuerySchema = inputObject({
  section: z.enum(DASHBOARD_SECTIONS),
  search,
});

/** `GET LicenseAllocation/user-summary/{childId}`. */
export const childSummaryParamsSchema = inputObject({ childId: uuid });

/** `GET LicenseAllocation/pool-summary?poolId=`. */
export const poolSummaryQuerySchema = inputObject({ poolId: uuid });

/** `?allowPartialRevocation=` on allocate and revoke (DOMAIN.md: meaningful on revoke). */
export const allocationFlagsQuerySchema = inputObject({ allowPartialRevocation: flag });

/** `GET /LicenseMovement`: newest first (spec: 100 to 500 a page). */
export const movementListQuerySchema = inputObject({
  pageNumber,
  pageSize: pageSize(500, 100),
  search,
  action: z.enum(MOVEMENT_ACTIONS).optional(),
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

/** `GET /LicenseUsageReport` (spec: 25 to 125 a page; SearchTerm matches account and product). */
export const usageReportQuerySchema = inputObject({
  pageNumber,
  pageSize: pageSize(125, 25),
  SearchTerm: search,
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

export const groupingFactorsSchema = z.object({
  ProductCode: z.string(),
  Duration: z.number().int().nullable(),
  Edition: z.string(),
});

/** `LicenseAllocation/available-summary`: what the caller can hand on now, by group. */
export const availableSummaryItemSchema = z.object({
  groupKey: z.string(),
  productCode: z.string(),
  name: z.string(),
  description: z.string(),
  edition: z.string(),
  durationType: z.enum(DURATION_TYPES),
  usageType: z.enum(USAGE_TYPES),
  duration: z.number().int().nullable(),
  availableCount: z.number().int(),
  groupingFactors: groupingFactorsSchema,
});
export type AvailableSummaryItem = z.infer<typeof availableSummaryItemSchema>;

/** A row of `/license-allocation` (`user-summary?fetchType=self`): the caller's own stock, by group. */
export const myAllocationGroupSchema = z.object({
  groupKey: z.string(),
  productCode: z.string(),
  name: z.string(),
  description: z.string(),
  edition: z.string(),
  durationType: z.enum(DURATION_TYPES),
  usageType: z.enum(USAGE_TYPES),
  duration: z.number().int().nullable(),
  totalCount: z.number().int(),
  availableCount: z.number().int(),
  consumedCount: z.number().int(),
  inTransitCount: z.number().int(),
  /** Handed on to child users and shared pools. */
  allocatedCount: z.number().int(),
  groupingFactors: groupingFactorsSchema,
});
export type MyAllocationGroup = z.infer<typeof myAllocationGroupSchema>;

/** `LicenseAllocation/user-summary/{childId}`: `users[0]` is the child, with what it holds. */
export const userSummarySchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      roles: z.array(z.string()),
      /** 'Default' when the child draws from its own pool (Individual), else 'Pool'. */
      poolType: z.enum(['Default', 'Pool']),
      /** The pool it draws from. */
      poolId: z.string(),
      poolName: z.string(),
      /** What its own Default pool holds (what can be revoked from it). */
      groupedLicenses: z.array(groupedLicenseSchema),
    }),
  ),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** `LicenseAllocation/pool-summary?poolId=`: `data[0]` is the pool. */
export const poolSummarySchema = z.object({
  poolId: z.string(),
  poolName: z.string(),
  poolType: z.enum(['Default', 'Pool']),
  groupedLicenses: z.array(groupedLicenseSchema),
});
export type PoolSummary = z.infer<typeof poolSummarySchema>;

/** The answer of allocate and revoke: how many units moved for each group asked. */
export const allocationResultSchema = z.object({
  targetId: z.string(),
  targetName: z.string(),
  targetType: z.enum(['User', 'Pool']),
  items: z.array(
    z.object({ groupKey: z.string(), productCode: z.string(), requested: z.number().int(), moved: z.number().int() }),
  ),
});
export type AllocationResult = z.infer<typeof allocationResultSchema>;

/** One product group a pool holds, as the dashboard and the allocation hierarchy show it. */
export const productAllocationRowSchema = groupedLicenseSchema.extend({
  productDescription: z.string(),
  totalQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  consumedQuantity: z.number().int(),
  allocatedQuantity: z.number().int(),
  inTransitQuantity: z.number().int(),
  /**
   * Units of the group's lots that expired unused: in totalQuantity, in no other count (the
   * available count leaves them out). Total = available + in transit + consumed + allocated + expired.
   */
  expiredQuantity: z.number().int(),
  poolName: z.string(),
  /** Set on the rows of child users. */
  childEmail: z.string().optional(),
});
export type ProductAllocationRow = z.infer<typeof productAllocationRowSchema>;

export const poolAllocationsSchema = z.object({
  poolId: z.string(),
  /** 'Default Pool' is shown as Individual. */
  poolName: z.string(),
  poolType: z.enum(['Default', 'Pool']),
  productAllocations: z.array(productAllocationRowSchema),
});
export type PoolAllocations = z.infer<typeof poolAllocationsSchema>;

/** `LicensePool/user-allocation-hierarchy`: the four sections of the dashboard. */
export const allocationHierarchySchema = z.object({
  /** The caller's own Default pool ('Dashboard'). */
  defaultPool: poolAllocationsSchema,
  /** The caller's shared pools ('Shared Pool Licenses'). */
  customPools: z.array(poolAllocationsSchema),
  /** The caller's children ('Users Licenses'). */
  childUsers: z.array(
    z.object({
      userId: z.string(),
      userName: z.string(),
      userEmail: z.string(),
      defaultPool: poolAllocationsSchema,
      assignedPool: z.object({ poolId: z.string(), poolName: z.string() }).nullable(),
    }),
  ),
  /** The shared pool of its parent that the caller draws from ('Account Pool'), if any. */
  parentAccountPool: poolAllocationsSchema.nullable(),
});
export type AllocationHierarchy = z.infer<typeof allocationHierarchySchema>;

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
