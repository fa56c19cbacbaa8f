import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { tenantOfAccount } from '../core/tenant';
import type { Database } from '../db/client';

export type AuditOutcome = 'success' | 'failure' | 'refused';

/**
 * One structured line per security event: what, who, outcome, when. Callers pass identifiers
 * only; passwords, tokens and codes never reach this function.
 */
export function audit(
  log: FastifyBaseLogger,
  event: string,
  outcome: AuditOutcome,
  actor: string,
  at: Date,
  detail: Record<string, string | number | boolean> = {},
): void {
  log.info({ audit: true, event, outcome, actor, at: at.toISOString(), ...detail }, event);
}

export interface Refusal {
  /** The signed-in account, or 'anonymous'. */
  actor: string;
  ip: string;
  /** Method and route pattern (`POST /api/User/update-roles`), never the query string. */
  route: string;
  status: number;
  reason: string;
}

/**
 * A refused attempt (403, 404 on an id, 429): at warn, so probing and guessing stand out in the
 * log without a success's detail.
 */
export function auditRefusal(log: FastifyBaseLogger, refusal: Refusal, at: Date): void {
  log.warn({ audit: true, event: 'request.refused', outcome: 'refused', at: at.toISOString(), ...refusal }, 'refused');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * audit() and a row of the audit trail (decision 025): the same line in the log, and the event in
 * `audit_events` with the caller's address. `actor` is an account id, or the email typed on an
 * anonymous failure. A `target` in the detail names the account or pool acted on. The row's
 * organisation is the actor's, or for an anonymous failure that of the account the email names.
 */
export async function recordAudit(
  db: Database,
  request: FastifyRequest,
  event: string,
  outcome: AuditOutcome,
  actor: string,
  at: Date,
  detail: Record<string, string | number | boolean> = {},
): Promise<void> {
  audit(request.log, event, outcome, actor, at, detail);
  const actorId = UUID.test(actor) ? actor : null;
  const typedEmail = actorId === null && actor.includes('@') ? actor : null;
  const account = actorId
    ? sql`${actorId}::uuid`
    : sql`(SELECT id FROM accounts WHERE lower(email) = lower(${typedEmail}) LIMIT 1)`;
  const target = typeof detail.target === 'string' && UUID.test(detail.target) ? detail.target : null;
  await db.execute(sql`INSERT INTO audit_events
    (tenant_id, actor_id, actor_email, action, outcome, target_id, target_label, detail, ip, created_at)
    VALUES (
      ${tenantOfAccount(account)},
      ${actorId}::uuid,
      coalesce((SELECT email FROM accounts WHERE id = ${actorId}::uuid), ${typedEmail}),
      ${event}, ${outcome}, ${target},
      coalesce((SELECT email FROM accounts WHERE id = ${target}::uuid), (SELECT name FROM pools WHERE id = ${target}::uuid)),
      ${JSON.stringify(detail)}::jsonb, ${request.ip}, ${at.toISOString()}::timestamptz)`);
}
