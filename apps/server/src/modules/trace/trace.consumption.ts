import { sql } from 'drizzle-orm';
import type { LotConsumption, LotConsumptionRow } from '@portal/contracts/trace';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { readScope } from '../../core/scope';
import type { Principal } from '../../core/session';
import { poolReadable, readableLot } from './trace.queries';

/** Where a page starts: after the row of this instant (microseconds since 1970) and movement id. */
export interface ConsumptionCursor {
  micros: string;
  movementId: string;
}

/** `after` as the query gives it (`<micros>_<movement id>`, the contract's pattern). */
export function cursorOf(after: string | undefined): ConsumptionCursor | undefined {
  if (!after) return undefined;
  const [micros = '0', movementId = ''] = after.split('_');
  return { micros, movementId };
}

interface Row {
  movement_id: string;
  micros: string;
  at: string;
  quantity: number;
  target_type: 'Mailbox' | 'Machine';
  target_name: string;
  mailbox_id: string | null;
  job_id: string | null;
  job_name: string | null;
  machine_name: string | null;
  pool_name: string | null;
  actor_name: string;
  actor_email: string;
  api_key_name: string | null;
}

/**
 * One page of the lot's Consume lines in the pools the caller reads, newest first, from the partial
 * index movement_lines_consumed_idx (decision 046): a mailbox's with its job and machine, a machine's
 * (a node-locked unit) with its name. The caller has checked the lot is readable.
 */
async function consumptionPage(
  db: Database,
  principal: Principal,
  licenseId: string,
  limit: number,
  after: ConsumptionCursor | undefined,
): Promise<{ rows: LotConsumptionRow[]; cursors: string[] }> {
  const since = after
    ? sql`AND (l.created_at, l.movement_id) < ('epoch'::timestamptz + ${after.micros}::bigint * interval '1 microsecond', ${after.movementId}::uuid)`
    : sql``;
  // The page's lines first (the index, the pool filter, the limit), then one lookup each: a single
  // ten-table join cost PostgreSQL 13 to 19 ms to plan for 2 to 4 ms of work; this shape plans in 4.5
  // and runs in 2 (docs/performance.md, "A lot's Consumption tab").
  const answer: unknown = await db.execute(sql`
    SELECT l.movement_id, (extract(epoch FROM l.created_at) * 1000000)::bigint::text AS micros,
      to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
      l.d_consumed AS quantity, m.target_type, m.target_name, t.mailbox_id, t.job_id, t.job_name,
      CASE WHEN m.target_type = 'Machine' THEN m.target_name ELSE t.machine_name END AS machine_name,
      (SELECT CASE WHEN p.pool_type = 'Default' THEN po.name || ' (Individual)' ELSE p.name END
         FROM pools p JOIN accounts po ON po.id = p.owner_id WHERE p.id = l.pool_id) AS pool_name,
      a.name AS actor_name, a.email AS actor_email,
      (SELECT k.name FROM api_keys k WHERE k.id = m.api_key_id) AS api_key_name
    FROM (
      SELECT l.movement_id, l.created_at, l.d_consumed, l.pool_id FROM movement_lines l
      WHERE l.license_id = ${licenseId}::uuid AND l.d_consumed > 0
        AND ${poolReadable(readScope(principal), 'l.pool_id')} ${since}
      ORDER BY l.created_at DESC, l.movement_id DESC
      LIMIT ${limit}) l
    JOIN movements m ON m.id = l.movement_id
    JOIN accounts a ON a.id = m.actor_id
    LEFT JOIN LATERAL (
      SELECT mb.id AS mailbox_id, j.id AS job_id, j.name AS job_name, mc.name AS machine_name
      FROM mailboxes mb
      LEFT JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
      LEFT JOIN machines mc ON mc.tenant_id = j.tenant_id AND mc.id = j.machine_id
      WHERE m.target_type = 'Mailbox' AND mb.id = m.target_id::uuid) t ON true
    ORDER BY l.created_at DESC, l.movement_id DESC`);
  const found = rowsOf<Row>(answer);
  return {
    cursors: found.map((row) => `${row.micros}_${row.movement_id}`),
    rows: found.map((row) => ({
      movementId: row.movement_id,
      at: row.at,
      quantity: row.quantity,
      targetType: row.target_type,
      mailboxId: row.mailbox_id,
      mailboxName: row.target_type === 'Mailbox' ? row.target_name : null,
      jobId: row.job_id,
      jobName: row.job_name,
      machineName: row.machine_name,
      poolName: row.pool_name,
      actorName: row.actor_name,
      actorEmail: row.actor_email,
      apiKeyName: row.api_key_name,
    })),
  };
}

/** `GET /License/{licenseId}/consumption`: the lot (404 when out of reach) and one page of its consumptions. */
export async function lotConsumption(
  db: Database,
  principal: Principal,
  licenseId: string,
  query: { pageSize: number; after?: string | undefined },
): Promise<LotConsumption> {
  const lot = await readableLot(db, principal, licenseId);
  // One row more than the page tells whether another page follows, without counting.
  const page = await consumptionPage(db, principal, licenseId, query.pageSize + 1, cursorOf(query.after));
  const more = page.rows.length > query.pageSize;
  return {
    lot,
    rows: page.rows.slice(0, query.pageSize),
    next: more ? (page.cursors[query.pageSize - 1] ?? null) : null,
  };
}

/**
 * `GET /License/{licenseId}/consumption/export`: every consumption the tab would show, newest first,
 * in keyset batches after the last row's instant and movement id; the lot is checked first (404).
 */
export async function consumptionBatches(
  db: Database,
  principal: Principal,
  licenseId: string,
  batchSize: number,
): Promise<AsyncGenerator<LotConsumptionRow[]>> {
  await readableLot(db, principal, licenseId);
  return (async function* () {
    let after: ConsumptionCursor | undefined;
    for (;;) {
      const page = await consumptionPage(db, principal, licenseId, batchSize, after);
      if (page.rows.length > 0) yield page.rows;
      const last = page.cursors.at(-1);
      if (!last || page.rows.length < batchSize) return;
      after = cursorOf(last);
    }
  })();
}
