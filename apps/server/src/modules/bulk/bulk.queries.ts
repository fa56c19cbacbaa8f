import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  BULK_UNDO_MINUTES,
  type BulkOperation,
  type BulkRow,
  type BulkRowStatus,
  UNIT_KINDS,
} from '@portal/contracts/bulk';
import type { Database } from '../../db/client';
import { bulkOperationRows, bulkOperations } from '../../db/schema';
import { notFound } from '../../core/errors';
import { pageOffset } from '../../core/paging';
import type { Principal } from '../../core/session';

export type BulkRecord = typeof bulkOperations.$inferSelect;

const NOT_FOUND = 'No such bulk change.';

/** The caller's own bulk change, or 404: a batch is seen by the Admin who started it only. */
export async function findBulk(db: Database, principal: Principal, id: string): Promise<BulkRecord> {
  const [found] = await db
    .select()
    .from(bulkOperations)
    .where(and(eq(bulkOperations.id, id), eq(bulkOperations.actorId, principal.accountId)));
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

interface Tally {
  queued: number;
  done: number;
  failed: number;
  units: number;
  finished: Date | null;
}

/** The rows of several batches counted by status in one grouped query, and which batch undid each. */
async function talliesOf(db: Database, ids: string[]) {
  const tallies = new Map<string, Tally>(
    ids.map((id) => [id, { queued: 0, done: 0, failed: 0, units: 0, finished: null }]),
  );
  const undoneBy = new Map<string, string>();
  if (ids.length === 0) return { tallies, undoneBy };
  const groups = await db
    .select({
      operationId: bulkOperationRows.operationId,
      status: bulkOperationRows.status,
      rows: count(),
      units: sql<number>`coalesce(sum(${bulkOperationRows.units}), 0)::int`,
      settled: max(bulkOperationRows.settledAt),
    })
    .from(bulkOperationRows)
    .where(inArray(bulkOperationRows.operationId, ids))
    .groupBy(bulkOperationRows.operationId, bulkOperationRows.status);
  const key: Record<BulkRowStatus, 'queued' | 'done' | 'failed'> = { Queued: 'queued', Done: 'done', Failed: 'failed' };
  for (const group of groups) {
    const tally = tallies.get(group.operationId)!;
    tally[key[group.status]] += group.rows;
    tally.units += group.units;
    const settled = group.settled ? new Date(group.settled) : null;
    if (settled && (!tally.finished || settled > tally.finished)) tally.finished = settled;
  }
  const undos = await db
    .select({ id: bulkOperations.id, undoOf: bulkOperations.undoOf })
    .from(bulkOperations)
    .where(inArray(bulkOperations.undoOf, ids));
  for (const undo of undos) if (undo.undoOf) undoneBy.set(undo.undoOf, undo.id);
  return { tallies, undoneBy };
}

/** Until when a finished batch of units may be undone: never for an undo, or once undone. */
export function undoDeadline(record: BulkRecord, tally: Tally, undoneBy: string | null): Date | null {
  if (!UNIT_KINDS.includes(record.kind) || record.undoOf || undoneBy || tally.queued > 0 || tally.units === 0)
    return null;
  const finished = tally.finished ?? record.createdAt;
  return new Date(finished.getTime() + BULK_UNDO_MINUTES * 60_000);
}

function toOperation(record: BulkRecord, tally: Tally, undoneBy: string | null, now: Date): BulkOperation {
  const running = tally.queued > 0;
  const until = undoDeadline(record, tally, undoneBy);
  return {
    id: record.id,
    kind: record.kind,
    targetType: record.targetType,
    summary: record.summary,
    status: running ? 'Running' : 'Done',
    total: record.total,
    counts: { queued: tally.queued, done: tally.done, failed: tally.failed },
    units: tally.units,
    createdAt: record.createdAt.toISOString(),
    finishedAt: running ? null : (tally.finished ?? record.createdAt).toISOString(),
    undoOf: record.undoOf,
    undoneBy,
    undoUntil: until && until > now ? until.toISOString() : null,
  };
}

/** Batches as the progress panel shows them, with their counts (one grouped read for all). */
export async function summariesOf(db: Database, records: BulkRecord[], now: Date): Promise<BulkOperation[]> {
  const { tallies, undoneBy } = await talliesOf(
    db,
    records.map((record) => record.id),
  );
  return records.map((record) => toOperation(record, tallies.get(record.id)!, undoneBy.get(record.id) ?? null, now));
}

export async function summaryOf(db: Database, record: BulkRecord, now: Date): Promise<BulkOperation> {
  const [summary] = await summariesOf(db, [record], now);
  return summary!;
}

/** The caller's bulk changes, newest first. */
export async function listBulk(db: Database, principal: Principal, pageNumber: number, pageSize: number, now: Date) {
  const where = eq(bulkOperations.actorId, principal.accountId);
  const [total] = await db.select({ n: count() }).from(bulkOperations).where(where);
  const records = await db
    .select()
    .from(bulkOperations)
    .where(where)
    .orderBy(desc(bulkOperations.createdAt), desc(bulkOperations.id))
    .limit(pageSize)
    .offset(pageOffset(pageNumber, pageSize));
  return { total: total?.n ?? 0, rows: await summariesOf(db, records, now) };
}

/** A batch's rows: failed first (what needs a look), then in selection order. */
export async function bulkRows(
  db: Database,
  operationId: string,
  query: { status?: BulkRowStatus; pageNumber: number; pageSize: number },
): Promise<{ total: number; rows: BulkRow[] }> {
  const where = and(
    eq(bulkOperationRows.operationId, operationId),
    query.status ? eq(bulkOperationRows.status, query.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(bulkOperationRows).where(where);
  const rows = await db
    .select({
      position: bulkOperationRows.position,
      targetId: bulkOperationRows.targetId,
      targetName: bulkOperationRows.targetName,
      status: bulkOperationRows.status,
      message: bulkOperationRows.message,
      units: bulkOperationRows.units,
    })
    .from(bulkOperationRows)
    .where(where)
    .orderBy(sql`${bulkOperationRows.status} = 'Failed' DESC`, asc(bulkOperationRows.position))
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNumber, query.pageSize));
  return { total: total?.n ?? 0, rows };
}
