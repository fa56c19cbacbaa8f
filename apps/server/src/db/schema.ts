import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '@portal/contracts/roles';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One person who signs in (DOMAIN.md "Accounts and scope"). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<Role[]>().notNull(),
    active: boolean('active').notNull().default(true),
    parentId: uuid('parent_id').references((): AnyPgColumn => accounts.id),
    /** The shared pool this account draws from; null means Individual (its own Default pool). */
    poolId: uuid('pool_id').references((): AnyPgColumn => pools.id),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    eulaAcceptedAt: timestamp('eula_accepted_at', { withTimezone: true }),
    eulaVersion: text('eula_version'),
    emailValidatedAt: timestamp('email_validated_at', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set with a password someone else chose (admin, system); cleared when the owner sets one. */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.email})`),
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_pool_idx').on(t.poolId),
    // Lists sort by name: a page is read off this index in order and stops early.
    index('accounts_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    check(
      'accounts_roles_valid',
      sql`cardinality(${t.roles}) >= 1 AND ${t.roles} <@ ARRAY['SuperAdmin','Admin','Auditor','User']::text[]`,
    ),
    check('accounts_email_trimmed', sql`${t.email} = btrim(${t.email}) AND length(${t.email}) BETWEEN 3 AND 254`),
  ],
);

/**
 * Every (ancestor, descendant) pair of the account tree, itself included at depth 0, so that "the
 * subtree of X" is one index range scan. A trigger fills it on insert (migration 0003); parents
 * never change (another trigger refuses it).
 */
export const accountClosure = pgTable(
  'account_closure',
  {
    ancestorId: uuid('ancestor_id')
      .notNull()
      .references((): AnyPgColumn => accounts.id),
    descendantId: uuid('descendant_id')
      .notNull()
      .references((): AnyPgColumn => accounts.id),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('account_closure_descendant_idx').on(t.descendantId),
    check('account_closure_depth_nonnegative', sql`${t.depth} >= 0`),
  ],
);

/** A license pool: every account's own Default pool, or a shared pool an Admin created. */
export const pools = pgTable(
  'pools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references((): AnyPgColumn => accounts.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    poolType: text('pool_type').$type<'Default' | 'Pool'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pools_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    uniqueIndex('pools_one_default_per_owner')
      .on(t.ownerId)
      .where(sql`${t.poolType} = 'Default'`),
    check('pools_type_valid', sql`${t.poolType} IN ('Default', 'Pool')`),
  ],
);

/** A session: only the token's hash is kept (DOMAIN.md "Sign-in and sessions"). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<SessionKind>().notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_account_idx').on(t.accountId),
    check('sessions_kind_valid', sql`${t.kind} IN ('full', 'two-factor', 'password-change')`),
  ],
);

/** Single-use emailed secrets: password reset links and email validation links (hash only). */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose').$type<'password-reset' | 'email-validation'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_tokens_account_idx').on(t.accountId, t.purpose),
    check('account_tokens_purpose_valid', sql`${t.purpose} IN ('password-reset', 'email-validation')`),
  ],
);

/** The emailed 2FA code of a pending two-factor session (hash only). */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [check('two_factor_attempts_nonnegative', sql`${t.failedAttempts} >= 0`)],
);

/** Fixed-window counters of the rate limits, shared by every instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The transactional outbox: a message is written in the transaction of the change that causes it
 * and sent from here (lib/mailer.ts), so a crash loses no acknowledged mail. The bodies carry
 * codes and links: they are cleared once sent, and sent rows are purged by housekeeping.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one instance sends the row; a crash mid-send lets the lease run out. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

export type Account = typeof accounts.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type SessionKind = 'full' | 'two-factor' | 'password-change';

/** The product catalogue: reference data that migration 0007 inserts (DOMAIN.md "Licenses"). */
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
    createdAt: createdAt(),
  },
  (t) => [
    index('movements_created_idx').on(t.createdAt, t.id),
    index('movements_source_pool_idx').on(t.sourcePoolId),
    index('movements_actor_idx').on(t.actorId),
    check(
      'movements_action_valid',
      sql`${t.action} IN ('Issue', 'Allocate', 'Revoke', 'Reserve', 'Consume', 'Release')`,
    ),
    check('movements_target_type_valid', sql`${t.targetType} IN ('User', 'Pool', 'Mailbox')`),
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
  },
  (t) => [
    primaryKey({ columns: [t.movementId, t.poolId, t.licenseId] }),
    index('movement_lines_pool_license_idx').on(t.poolId, t.licenseId),
    index('movement_lines_license_idx').on(t.licenseId),
  ],
);

export type License = typeof licenses.$inferSelect;
export type StockRow = typeof stock.$inferSelect;
