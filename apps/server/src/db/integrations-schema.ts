// What other systems use to reach the portal, and to be told by it: API keys (decision 032) and
// webhooks (decision 033). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@portal/contracts/api-keys';
import type { WebhookDeliveryStatus, WebhookEventType } from '@portal/contracts/webhooks';
import { accounts } from './accounts-schema';
import { createdAt } from './columns';

/**
 * A machine's credential, acting as the account that made it within its scopes. Only a keyed hash
 * of the key is kept (core/api-keys.ts); `prefix` is its first characters, to tell keys apart.
 * Revoking sets `revoked_at` (the row stays, so the ledger and the trail can still name the key);
 * a trigger (migration 0015) tells every instance's cache to forget it at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who revoked it: the owner, an Admin above it, or null when its owner was deactivated or moved. */
    revokedBy: uuid('revoked_by').references(() => accounts.id),
  },
  (t) => [
    index('api_keys_account_idx').on(t.accountId, t.createdAt.desc()),
    check('api_keys_scopes_valid', sql`cardinality(${t.scopes}) >= 1 AND ${t.scopes} <@ ARRAY['agent','read']::text[]`),
    check('api_keys_name_valid', sql`${t.name} = btrim(${t.name}) AND length(${t.name}) BETWEEN 1 AND 100`),
    check('api_keys_prefix_valid', sql`${t.prefix} LIKE 'mhk\\_%'`),
    check('api_keys_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * A webhook endpoint of an Admin's (decision 033): told of the events of the accounts in the
 * Admin's subtree that it subscribes to. Its signing secret is kept encrypted (lib/secret-box.ts);
 * after a rotation the previous one keeps signing beside it until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret_enc').notNull(),
    previousSecret: text('previous_secret_enc'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Since when every attempt has failed; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_endpoints_account_idx').on(t.accountId),
    check('webhook_endpoints_events_valid', sql`cardinality(${t.events}) >= 1`),
    check('webhook_endpoints_url_valid', sql`${t.url} ~ '^https?://' AND length(${t.url}) <= 2000`),
  ],
);

/**
 * One event to one endpoint, written in the transaction of the change that caused it (the SQL
 * function webhook_emit, migration 0016), then sent by modules/webhooks until it succeeds or its
 * retries run out. `message_id` is the `webhook-id` header, the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'Pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    uniqueIndex('webhook_deliveries_message_key').on(t.endpointId, t.messageId),
    check('webhook_deliveries_status_valid', sql`${t.status} IN ('Pending', 'Succeeded', 'Failed')`),
  ],
);
