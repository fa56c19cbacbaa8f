// What other systems use to reach the portal: API keys (decision 032). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@portal/contracts/api-keys';
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
