// The license stock ledger (decision 014). Re-exported by schema.ts, which drizzle-kit reads.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, pools } from './accounts-schema';
import { createdAt } from './columns';
import { apiKeys } from './integrations-schema';

/** The product catalogue: reference data that migration 0007 inserts (docs/product.md#licenses-pools-and-stock). */
export const products = pgTable('products', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  editions: text('editions').array().notNull(),
});

/**
 * An issued lot of licenses; what it has left, and where, lives in `stock`. group_key is generated so
 * that interchangeable lots cannot disagree on it.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    edition: text('edition').notNull(),
    durationType: text('duration_type').notNull(),
    usageType: text('usage_type').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => accounts.id),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }),
    durationDays: integer('duration_days'),
    totalCount: integer('total_count').notNull(),
    floatingTimeLimit: integer('floating_time_limit'),
    orderId: text('order_id'),
    externalRefCode: text('external_ref_code'),
    /**
     * The held lot an Admin issued this one from (decision 029); null for a SuperAdmin's lot. Its
     * units came out of the parent: the parent's units held + its children's total_count = its total.
     */
    parentLicenseId: uuid('parent_license_id').references((): AnyPgColumn => licenses.id),
    groupKey: text('group_key')
      .notNull()
      .generatedAlwaysAs(
        sql`product_code || '|' || edition || '|' || duration_type || '|' || coalesce(duration_days::text, '-') || '|' || usage_type`,
      ),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('licenses_customer_idx').on(t.customerId),
    index('licenses_group_idx').on(t.groupKey),
    index('licenses_parent_idx').on(t.parentLicenseId),
    check('licenses_duration_type_valid', sql`${t.durationType} IN ('Perpetual', 'Fixed')`),
    check('licenses_usage_type_valid', sql`${t.usageType} IN ('Transactional', 'NodeLocked', 'NodeLockedForever')`),
    check(
      'licenses_usage_fits_duration',
      sql`(${t.usageType} <> 'NodeLockedForever' OR ${t.durationType} = 'Perpetual') AND (${t.usageType} <> 'NodeLocked' OR ${t.durationType} = 'Fixed')`,
    ),
    check(
      'licenses_dates_valid',
      sql`${t.startDate} >= '1900-01-01T00:00:00Z' AND (${t.expiryDate} IS NULL OR ${t.expiryDate} > ${t.startDate})`,
    ),
    check(
      'licenses_duration_valid',
      sql`CASE WHEN ${t.durationType} = 'Perpetual' THEN ${t.expiryDate} IS NULL AND ${t.durationDays} IS NULL ELSE ${t.expiryDate} IS NOT NULL AND ${t.durationDays} > 0 END`,
    ),
    check('licenses_total_positive', sql`${t.totalCount} > 0`),
    check('licenses_floating_nonnegative', sql`${t.floatingTimeLimit} IS NULL OR ${t.floatingTimeLimit} >= 0`),
  ],
);

/**
 * What one pool holds of one lot. allocated = handed on to child or shared pools. Migration 0007
 * adds a deferred trigger: per lot, available + in_transit + consumed over all pools = total_count.
 */
export const stock = pgTable(
  'stock',
  {
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id),
    available: integer('available').notNull().default(0),
    inTransit: integer('in_transit').notNull().default(0),
    consumed: integer('consumed').notNull().default(0),
    allocated: integer('allocated').notNull().default(0),
    total: integer('total').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.licenseId] }),
    index('stock_license_idx').on(t.licenseId),
    check(
      'stock_counters_nonnegative',
      sql`${t.available} >= 0 AND ${t.inTransit} >= 0 AND ${t.consumed} >= 0 AND ${t.allocated} >= 0`,
    ),
    check('stock_total_is_sum', sql`${t.total} = ${t.available} + ${t.inTransit} + ${t.consumed} + ${t.allocated}`),
  ],
);

/** One change of stock as the License Movement list shows it. Append-only (migration 0007 triggers). */
export const movements = pgTable(
  'movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    groupKey: text('group_key').notNull(),
    /** Signed from the target's side: + units reach it (Issue, Allocate, Release), - units leave it. */
    quantity: integer('quantity').notNull(),
    sourcePoolId: uuid('source_pool_id').references(() => pools.id),
    targetName: text('target_name').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => accounts.id),
    /** The API key the actor acted through (the migration agent's), or null for the person itself. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('movements_created_idx').on(t.createdAt, t.id),
    index('movements_source_pool_idx').on(t.sourcePoolId),
    index('movements_actor_idx').on(t.actorId),
    // A mailbox's license trace (decision 046): its movements by its id, in time order.
    index('movements_target_idx')
      .on(t.targetId, t.createdAt, t.id)
      .where(sql`${t.targetId} IS NOT NULL`),
    check(
      'movements_action_valid',
      sql`${t.action} IN ('Issue', 'Allocate', 'Revoke', 'Reserve', 'Consume', 'Release')`,
    ),
    check('movements_target_type_valid', sql`${t.targetType} IN ('User', 'Pool', 'Mailbox', 'Machine')`),
    check('movements_quantity_nonzero', sql`${t.quantity} <> 0`),
  ],
);

/** The counter deltas of a movement per (pool, lot): summed, they give back every stock row. */
export const movementLines = pgTable(
  'movement_lines',
  {
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movements.id),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id),
    dAvailable: integer('d_available').notNull().default(0),
    dInTransit: integer('d_in_transit').notNull().default(0),
    dConsumed: integer('d_consumed').notNull().default(0),
    dAllocated: integer('d_allocated').notNull().default(0),
    /** Its movement's instant (decision 046), so that a lot's lines are read in time order. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.movementId, t.poolId, t.licenseId] }),
    index('movement_lines_pool_license_idx').on(t.poolId, t.licenseId),
    index('movement_lines_license_idx').on(t.licenseId),
    // A lot's Consumption tab (decision 046): its Consume lines newest first, pool at hand.
    index('movement_lines_consumed_idx')
      .on(t.licenseId, t.createdAt.desc(), t.movementId.desc())
      .where(sql`${t.dConsumed} > 0`),
  ],
);

export type License = typeof licenses.$inferSelect;
export type StockRow = typeof stock.$inferSelect;
