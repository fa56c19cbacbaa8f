import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { logSecurityEvent, type SecurityDetail, type SecurityOutcome } from '../../core/security-log';
import { tenantOfAccount } from '../../core/tenant';
import type { Database } from '../../db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The security log's line (core/security-log.ts) and a row of the audit trail (decision 025): the
 * same event in `audit_events` with the caller's address. For an event that changed nothing (a
 * failure, a refusal, an export); a change writes its row in its transaction with auditedChange.
 */
export async function recordAudit(
  db: Database,
  request: FastifyRequest,
  event: string,
  outcome: SecurityOutcome,
  actor: string,
  at: Date,
  detail: SecurityDetail = {},
): Promise<void> {
  logSecurityEvent(request.log, event, outcome, actor, at, detail);
  await insertAuditRow(db, request, { event, outcome, actor, at, detail });
}

/** What a change writes to the audit trail: its event, the acting account, when, and identifiers. */
export interface AuditEntry {
  event: string;
  /** The acting account's id. */
  actor: string;
  at: Date;
  detail?: SecurityDetail;
}

/**
 * Runs a change and writes its audit row (outcome `success`) in one transaction, before it commits
 * (decision 025): the row commits with the change, or neither does, so a failed insert answers an
 * error with nothing changed. `change` must do all its work on the transaction it is given; a
 * service that opens its own transaction on it gets a savepoint (db/client.ts's inTransaction
 * spares it). `entry` names the event, from the change's result or, when known beforehand, as is.
 * The log line is written once the transaction has committed.
 */
export async function auditedChange<T>(
  db: Database,
  request: FastifyRequest,
  change: (tx: Database) => Promise<T>,
  entry: ((result: T) => AuditEntry) | AuditEntry,
): Promise<T> {
  const [result, done] = await db.transaction(async (tx) => {
    // An entry known beforehand is written first: a change that locks rows (the ledger's) then
    // holds them for its own statements and the commit only, not for the audit row's round trip.
    if (typeof entry !== 'function') await insertAuditRow(tx, request, { ...entry, outcome: 'success' });
    const changed = await change(tx);
    if (typeof entry !== 'function') return [changed, entry] as const;
    const row = entry(changed);
    await insertAuditRow(tx, request, { ...row, outcome: 'success' });
    return [changed, row] as const;
  });
  logSecurityEvent(request.log, done.event, 'success', done.actor, done.at, done.detail);
  return result;
}

/**
 * The audit row of a change whose service runs its own transaction (sign-in, password change and
 * reset, email confirmation, 2FA): the service calls `write` in its success transaction, so the
 * row commits with the change, and the route calls `log` once the service has returned.
 */
export function auditInside<T>(request: FastifyRequest, entryOf: (done: T) => AuditEntry) {
  let written: AuditEntry | undefined;
  return {
    write: async (tx: Database, done: T): Promise<void> => {
      const entry = entryOf(done);
      await insertAuditRow(tx, request, { ...entry, outcome: 'success' });
      written = entry;
    },
    log: (): void => {
      if (written) logSecurityEvent(request.log, written.event, 'success', written.actor, written.at, written.detail);
    },
  };
}

/**
 * The row of `audit_events`. `actor` is an account id, or the email typed on an anonymous failure.
 * A `target` in the detail names the account or pool acted on (its id), or is the label itself when
 * it is no id (an export's table, decision 024). The row's organisation is the actor's, or for an
 * anonymous failure that of the account the email names. A call through an API key names the key
 * beside its owner (decision 032).
 */
async function insertAuditRow(
  db: Database,
  request: FastifyRequest | Origin,
  row: AuditEntry & { outcome: SecurityOutcome },
): Promise<void> {
  const { event, outcome, actor, at, detail = {} } = row;
  const key = 'principal' in request ? (request.principal?.apiKey ?? null) : null;
  const actorId = UUID.test(actor) ? actor : null;
  const typedEmail = actorId === null && actor.includes('@') ? actor : null;
  const account = actorId
    ? sql`${actorId}::uuid`
    : sql`(SELECT id FROM accounts WHERE lower(email) = lower(${typedEmail}) LIMIT 1)`;
  const target = typeof detail.target === 'string' && UUID.test(detail.target) ? detail.target : null;
  const label = target === null && typeof detail.target === 'string' ? detail.target : null;
  await db.execute(sql`INSERT INTO audit_events
    (tenant_id, actor_id, actor_email, api_key_id, api_key_name, action, outcome, target_id, target_label, detail, ip, created_at)
    VALUES (
      ${tenantOfAccount(account)},
      ${actorId}::uuid,
      coalesce((SELECT email FROM accounts WHERE id = ${actorId}::uuid), ${typedEmail}),
      ${key?.id ?? null}::uuid, ${key?.name ?? null}::text,
      ${event}, ${outcome}, ${target},
      coalesce((SELECT email FROM accounts WHERE id = ${target}::uuid), (SELECT name FROM pools WHERE id = ${target}::uuid),
        ${label}::text),
      ${JSON.stringify(detail)}::jsonb, ${request.ip}, ${at.toISOString()}::timestamptz)`);
}

/** Where a change queued by a request and done later came from: that request's address. */
export interface Origin {
  ip: string;
}

/**
 * The row of a change an account asked for and the server did later, in the background (the rows
 * of a user import, decision 047): the account is its actor, the asking request's address its
 * address. Pass the transaction of the change, so that the row commits with it.
 */
export async function recordQueuedAudit(
  db: Database,
  log: FastifyBaseLogger,
  origin: Origin,
  entry: AuditEntry,
): Promise<void> {
  await insertAuditRow(db, origin, { ...entry, outcome: 'success' });
  logSecurityEvent(log, entry.event, 'success', entry.actor, entry.at, entry.detail);
}

/**
 * An event the server did on its own (the daily alert check, decision 027): the log line, and a row
 * with no acting account (actor_email 'system', address 'server') in the organisation of `target`,
 * the account it concerns. Pass the transaction of the change, so that the row commits with it.
 */
export async function recordSystemAudit(
  db: Database,
  log: FastifyBaseLogger,
  event: string,
  target: string,
  at: Date,
  detail: SecurityDetail = {},
): Promise<void> {
  logSecurityEvent(log, event, 'success', 'system', at, { target, ...detail });
  await db.execute(sql`INSERT INTO audit_events
    (tenant_id, actor_id, actor_email, action, outcome, target_id, target_label, detail, ip, created_at)
    VALUES (
      ${tenantOfAccount(sql`${target}::uuid`)}, NULL, 'system', ${event}, 'success', ${target},
      (SELECT email FROM accounts WHERE id = ${target}::uuid),
      ${JSON.stringify({ target, ...detail })}::jsonb, 'server', ${at.toISOString()}::timestamptz)`);
}

/**
 * A change the demo seed makes in a person's name (an accepted skip, a blocked machine): the row
 * that change writes when the person makes it through the API, so the demo's audit trail explains
 * the demo's own state. `ip` is the address the seed says the person used.
 */
export async function recordSeedAudit(db: Database, entry: AuditEntry, ip: string): Promise<void> {
  const { event, actor, at, detail = {} } = entry;
  // A target that is no id is the row's label, as insertAuditRow writes it (an accepted mailbox's address).
  const label = typeof detail.target === 'string' && !UUID.test(detail.target) ? detail.target : null;
  await db.execute(sql`INSERT INTO audit_events
    (tenant_id, actor_id, actor_email, action, outcome, target_label, detail, ip, created_at)
    VALUES (
      ${tenantOfAccount(sql`${actor}::uuid`)}, ${actor}::uuid, (SELECT email FROM accounts WHERE id = ${actor}::uuid),
      ${event}, 'success', ${label}::text, ${JSON.stringify(detail)}::jsonb, ${ip}, ${at.toISOString()}::timestamptz)`);
}
