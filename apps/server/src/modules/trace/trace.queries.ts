import { sql, type SQL } from 'drizzle-orm';
import type { LotSummary, MailboxTrace, TraceEntry } from '@portal/contracts/trace';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../core/errors';
import { inScope, readScope, type Scope } from '../../core/scope';
import type { Principal } from '../../core/session';

/** A pool's name as the movement list shows it: a Default pool by its owner ("Alex (Individual)"). */
const POOL_NAME = sql.raw(`CASE WHEN p.pool_type = 'Default' THEN po.name || ' (Individual)' ELSE p.name END`);

/**
 * The mailbox's tenant and the accounts it reads: an Admin or Auditor of the whole tenant needs no
 * account filter (the tenant says it), a SuperAdmin neither.
 */
function mailboxReadable(principal: Principal, scope: Scope): SQL {
  if (scope.kind === 'all') return sql`true`;
  const tenant = sql`mb.tenant_id = ${principal.tenantId}::uuid`;
  if (scope.kind === 'subtree' && scope.rootId === principal.tenantId) return tenant;
  return sql`${tenant} AND ${inScope(scope, sql.raw('j.account_id'))}`;
}

interface TraceRow {
  id: string;
  action: TraceEntry['action'];
  at: string;
  product_code: string;
  pool_name: string | null;
  actor_name: string;
  actor_email: string;
  api_key_name: string | null;
  lots: { licenseId: string; orderId: string | null; edition: string; quantity: number }[];
}

/**
 * `GET /Report/mailbox/{mailboxId}/license-trace`: the mailbox (its job in the caller's report scope,
 * else 404) and the Reserve, Consume and Release movements that name it, oldest first, each with its
 * pool, its lots and who moved it (decision 046).
 */
export async function mailboxTrace(db: Database, principal: Principal, mailboxId: string): Promise<MailboxTrace> {
  const header: unknown = await db.execute(sql`
    SELECT mb.id, mb.source_mailbox, mb.license_state
    FROM mailboxes mb
    JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
    WHERE mb.id = ${mailboxId}::uuid AND ${mailboxReadable(principal, readScope(principal))}`);
  const mailbox = rowsOf<{ id: string; source_mailbox: string; license_state: MailboxTrace['licenseState'] }>(
    header,
  )[0];
  if (!mailbox) throw notFound('Mailbox not found');
  const answer: unknown = await db.execute(sql`
    SELECT m.id, m.action, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
      m.product_code, ${POOL_NAME} AS pool_name, a.name AS actor_name, a.email AS actor_email,
      k.name AS api_key_name,
      (SELECT coalesce(json_agg(json_build_object('licenseId', l.license_id, 'orderId', li.order_id,
                'edition', li.edition, 'quantity', abs(l.d_in_transit)) ORDER BY l.license_id), '[]'::json)
         FROM movement_lines l JOIN licenses li ON li.id = l.license_id
        WHERE l.movement_id = m.id) AS lots
    FROM movements m
    JOIN accounts a ON a.id = m.actor_id
    LEFT JOIN pools p ON p.id = m.source_pool_id
    LEFT JOIN accounts po ON po.id = p.owner_id
    LEFT JOIN api_keys k ON k.id = m.api_key_id
    WHERE m.target_id = ${mailbox.id} AND m.target_type = 'Mailbox'
    ORDER BY m.created_at, m.id`);
  return {
    mailboxId: mailbox.id,
    sourceMailbox: mailbox.source_mailbox,
    licenseState: mailbox.license_state,
    entries: rowsOf<TraceRow>(answer).map((row) => ({
      movementId: row.id,
      action: row.action,
      at: row.at,
      productCode: row.product_code,
      poolName: row.pool_name,
      lots: row.lots,
      actorName: row.actor_name,
      actorEmail: row.actor_email,
      apiKeyName: row.api_key_name,
    })),
  };
}

/** The pool in `column` is owned inside the scope (any pool for a SuperAdmin). */
export function poolReadable(scope: Scope, column: string): SQL {
  if (scope.kind === 'all') return sql`true`;
  return sql`${sql.raw(column)} IN (SELECT id FROM pools WHERE ${inScope(scope, sql.raw('owner_id'))})`;
}

/**
 * The lot, when the caller sees it as the Licenses list does (issued to an account of its scope, or
 * held by a pool owned there), with the units consumed in the pools it reads; else 404.
 */
export async function readableLot(db: Database, principal: Principal, licenseId: string): Promise<LotSummary> {
  const scope = readScope(principal);
  const held = sql`EXISTS (SELECT 1 FROM stock s JOIN pools p ON p.id = s.pool_id
    WHERE s.license_id = li.id AND s.total > 0 AND ${inScope(scope, sql.raw('p.owner_id'))})`;
  const answer: unknown = await db.execute(sql`
    SELECT li.id, li.product_code, pr.name AS product_name, li.edition, li.order_id, c.name AS customer_name,
      li.total_count,
      (SELECT coalesce(sum(s.consumed), 0)::int FROM stock s
        WHERE s.license_id = li.id AND ${poolReadable(scope, 's.pool_id')}) AS consumed
    FROM licenses li
    JOIN products pr ON pr.code = li.product_code
    JOIN accounts c ON c.id = li.customer_id
    WHERE li.id = ${licenseId}::uuid
      AND (${inScope(scope, sql.raw('li.customer_id'))} OR ${held})`);
  type Row = {
    id: string;
    product_code: string;
    product_name: string;
    edition: string;
    order_id: string | null;
    customer_name: string;
    total_count: number;
    consumed: number;
  };
  const row = rowsOf<Row>(answer)[0];
  if (!row) throw notFound('License not found');
  return {
    id: row.id,
    productCode: row.product_code,
    productName: row.product_name,
    edition: row.edition,
    orderId: row.order_id,
    customerName: row.customer_name,
    totalCount: row.total_count,
    consumed: Number(row.consumed),
  };
}
