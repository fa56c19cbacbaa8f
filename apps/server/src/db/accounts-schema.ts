// Accounts, pools, sessions and what account security keeps (re-exported by schema.ts).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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

import { createdAt } from './columns';

/** One person who signs in (docs/product.md#who-uses-it, decision 006). */
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
    /** The IANA zone the person shows times in (decision 051); null: the browser's. */
    timeZone: text('time_zone'),
    /** The language of the person's interface, mail and exports (decision 052); null: the browser's. */
    locale: text('locale'),
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
    check('accounts_time_zone_valid', sql`${t.timeZone} IS NULL OR length(${t.timeZone}) BETWEEN 1 AND 64`),
    check('accounts_locale_known', sql`${t.locale} IS NULL OR ${t.locale} IN ('en', 'de', 'fr', 'es', 'ja')`),
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

/** A session: only the token's hash is kept (docs/product.md#signing-in, decision 001). */
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
    check('sessions_kind_valid', sql`${t.kind} IN ('full', 'two-factor', 'password-change', 'mfa-setup')`),
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

/**
 * An account's authenticator app (decision 035): its TOTP secret sealed under SECRETS_KEY
 * (lib/secret-box.ts), confirmed by a first code; the last time step accepted, so each code works
 * once.
 */
export const totpFactors = pgTable('totp_factors', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  secret: text('secret_enc').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The single-use recovery codes of an account with an authenticator app (hashes only). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/** Fixed-window counters of the rate limits, shared by every instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The transactional outbox: a message is written in the transaction of the change that causes it
 * and sent from here (core/mail-outbox.ts, over lib/mailer.ts), so a crash loses no acknowledged mail. The bodies carry
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
/**
 * What a session opens: everything (`full`), only the second step of a sign-in (`two-factor`), only
 * the forced password change (`password-change`), or only setting up the second factor that the
 * organisation's MFA policy requires (`mfa-setup`, decision 036).
 */
export type SessionKind = 'full' | 'two-factor' | 'password-change' | 'mfa-setup';
