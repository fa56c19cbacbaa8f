import { z } from 'zod';
import { pageNumberField, pageSizeField } from './envelope';
import { idField, inputObject, queryFlag, searchField, text } from './fields';
import { DURATION_TYPES, groupCountFields, groupedLicenseSchema, USAGE_TYPES } from './license-kinds';
import { MSG } from './messages';

/**
 * The words of the allocate and revoke rules: the server's 400 answers (the request schema below
 * and the stock ledger's own checks) and the web's Allocate and Revoke form say the same.
 */
export const ALLOCATION_MSG = {
  productsRequired: 'Choose at least one product',
  oneGroupOnce: 'Each product group can be picked once',
  countMin: MSG.countMin,
  /** A revocation form may leave a row at 0 (it is dropped before sending), never below. */
  countNegative: 'Count cannot be negative',
  countWhole: 'Count must be a whole number',
  productCodeMismatch: 'The product code does not match the product group.',
} as const;

/** More than a group has available: "Count must be at most 2 (available)". */
export const countOverAvailable = (available: number) => `Count must be at most ${available} (available)`;

/** The most units one row of a request moves. */
export const MAX_ALLOCATION_COUNT = 1_000_000;

/**
 * A count of units to move: a whole number from `min` up. A request asks for at least 1; the web's
 * revoke form allows 0 for a row it drops before sending. An empty box reads as the minimum's message.
 */
export function allocationCount(min: 0 | 1) {
  const tooSmall = min === 1 ? ALLOCATION_MSG.countMin : ALLOCATION_MSG.countNegative;
  return z.number({ error: tooSmall }).int(ALLOCATION_MSG.countWhole).min(min, tooSmall).max(MAX_ALLOCATION_COUNT);
}

/** True when two rows name the same product group (a request picks each group once). */
export const hasRepeatedGroup = (rows: readonly { groupKey: string }[]) =>
  new Set(rows.map((row) => row.groupKey)).size !== rows.length;

export const productAllocationSchema = inputObject({
  groupKey: text({ error: MSG.groupKeyRequired }).trim().min(1, MSG.groupKeyRequired).max(200),
  productCode: text({ error: MSG.productCodeRequired }).trim().min(1, MSG.productCodeRequired).max(50),
  quantity: allocationCount(1),
});

/** `POST LicenseAllocation/allocate` and `/revoke`. */
export const allocationRequestSchema = inputObject({
  targetId: text({ error: MSG.targetIdRequired }).trim().min(1, MSG.targetIdRequired).pipe(z.uuid('Invalid id')),
  isUser: z.boolean(),
  productAllocations: z
    .array(productAllocationSchema)
    .min(1, ALLOCATION_MSG.productsRequired)
    .max(200)
    .refine((rows) => !hasRepeatedGroup(rows), ALLOCATION_MSG.oneGroupOnce),
});
export type AllocationRequest = z.infer<typeof allocationRequestSchema>;

/* ------------------------------------------------------------- requests of the allocation calls */

/** `GET /LicenseAllocation/user-summary?fetchType=self&pageNumber&pageSize`. */
export const mySummaryQuerySchema = inputObject({
  fetchType: z.literal('self').default('self'),
  pageNumber: pageNumberField,
  pageSize: pageSizeField(2500, 10),
  search: searchField,
});

/** The dashboard's four sections, in their order: one CSV export each. */
export const DASHBOARD_SECTIONS = ['own', 'account', 'shared', 'users'] as const;
export type DashboardSectionId = (typeof DASHBOARD_SECTIONS)[number];

/**
 * `GET /LicensePool/user-allocation-hierarchy/export`: one section of the dashboard; `search`
 * matches product code, name or edition (and in 'users' the user's name or email).
 */
export const dashboardExportQuerySchema = inputObject({
  section: z.enum(DASHBOARD_SECTIONS),
  search: searchField,
});

/** `GET LicenseAllocation/user-summary/{childId}`. */
export const childSummaryParamsSchema = inputObject({ childId: idField });

/** `GET LicenseAllocation/pool-summary?poolId=`. */
export const poolSummaryQuerySchema = inputObject({ poolId: idField });

/** `?allowPartialRevocation=` on allocate and revoke (meaningful on revoke: move what is there). */
export const allocationFlagsQuerySchema = inputObject({ allowPartialRevocation: queryFlag });

/* -------------------------------------------------------------- answers of the allocation calls */

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
  ...groupCountFields,
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
