// The audit trail (decision 025). Re-exported by schema.ts, which drizzle-kit reads.
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * One row per security event, written by modules/audit (audit.writer.ts). Append-only: migration 0010 adds
 * a trigger that refuses UPDATE and DELETE. tenant_id is the organisation's top account (core/tenant.ts),
 * null for a failure on an email that names no account; actor_id is null for an anonymous failure.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id'),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** The API key the actor acted through, and its name as it was (decision 032). */
    apiKeyId: uuid('api_key_id'),
    apiKeyName: text('api_key_name'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_tenant_time_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('audit_events_tenant_actor_time_idx').on(t.tenantId, t.actorId, t.createdAt.desc()),
  ],
);
