import { and, eq, sql } from 'drizzle-orm';
import { BULK_MAX_TARGETS, BULK_MSG, type BulkAction, type CreateBulk, UNIT_KINDS } from '@portal/contracts/bulk';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { bulkOperationRows, bulkOperations, type BulkUnits } from '../../db/schema';
import { badRequest, conflict } from '../../core/errors';
import type { Principal } from '../../core/session';
import { selectChildAccounts } from '../accounts';
import { findReadablePool, groupsOfPools, selectPools } from '../pools';
import { defaultPoolOf } from '../stock';
import { type BulkRecord, summaryOf } from './bulk.queries';

/** Rows written per statement. */
const INSERT_BATCH = 1000;

const unitsLine = (items: readonly BulkUnits[]) =>
  items.map((item) => `${item.quantity.toLocaleString('en-US')} × ${item.productCode}`).join(', ');

/** What a batch does, in the line its panel and history show. */
async function summaryOfAction(db: Database, principal: Principal, action: BulkAction): Promise<string> {
  switch (action.kind) {
    case 'allocate':
      return `Allocate ${unitsLine(action.items)}`;
    case 'revoke':
      return `Revoke up to ${unitsLine(action.items)}`;
    case 'pool':
      return action.poolId
        ? `Move to pool ${(await findReadablePool(db, principal, action.poolId)).name}`
        : 'Set to Individual';
    case 'role':
      return `Set role to ${action.role}`;
    case 'status':
      return action.active ? 'Activate' : 'Deactivate';
  }
}

/** The selected targets, read with the list's own scope and filter; ids outside it refuse the batch. */
async function targetsOf(db: Database, principal: Principal, body: CreateBulk) {
  const selection = { ids: body.ids, search: body.matching?.search };
  const select = body.targetType === 'User' ? selectChildAccounts : selectPools;
  const targets = await select(db, principal, selection, BULK_MAX_TARGETS + 1);
  if (targets.length > BULK_MAX_TARGETS) throw badRequest(BULK_MSG.tooMany);
  // A ticked id the caller cannot see is told apart from none: neither says which.
  if (body.ids && targets.length !== body.ids.length) throw badRequest(BULK_MSG.notYours);
  if (targets.length === 0) throw badRequest(BULK_MSG.noneMatch);
  if (body.ids) {
    // The panel lists the rows in the order they were ticked.
    const order = new Map(body.ids.map((id, index) => [id, index]));
    targets.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
  return targets;
}

/**
 * Allocating the same units to every target: the totals are checked before anything moves (a batch
 * that cannot be met is refused whole). Stock spent between this check and a row's turn fails that
 * row alone (bulk.runner.ts).
 */
async function checkTotals(db: Database, actorId: string, items: readonly BulkUnits[], targets: number, now: Date) {
  const { rows } = await groupsOfPools(db, [await defaultPoolOf(db, actorId)], now);
  for (const item of items) {
    const group = rows.find((row) => row.groupKey === item.groupKey && row.productCode === item.productCode);
    const available = group?.availableCount ?? 0;
    const needed = item.quantity * targets;
    if (needed > available) {
      const product = group ? `${group.productName} (${group.edition})` : item.productCode;
      throw conflict(BULK_MSG.shortOfStock(product, needed, targets, available));
    }
  }
}

async function insertRows(
  tx: Database,
  operationId: string,
  rows: { targetId: string; targetName: string; items: BulkUnits[] }[],
) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await tx
      .insert(bulkOperationRows)
      .values(
        rows
          .slice(start, start + INSERT_BATCH)
          .map((row, index) => ({ operationId, position: start + index + 1, ...row })),
      );
  }
}

const itemsOf = (action: BulkAction): BulkUnits[] =>
  action.kind === 'allocate' || action.kind === 'revoke'
    ? action.items.map(({ groupKey, productCode, quantity }) => ({ groupKey, productCode, quantity }))
    : [];

/** `POST /Bulk`: the batch and a queued row per target, in one transaction (decision 049). */
export async function createBulk(db: Database, principal: Principal, body: CreateBulk, ip: string, now: Date) {
  const action = body.action;
  const targets = await targetsOf(db, principal, body);
  const items = itemsOf(action);
  if (action.kind === 'allocate') await checkTotals(db, principal.accountId, items, targets.length, now);
  const summary = await summaryOfAction(db, principal, action);
  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(bulkOperations)
      .values({
        actorId: principal.accountId,
        kind: action.kind,
        targetType: body.targetType,
        action,
        summary,
        total: targets.length,
        ip,
        createdAt: now,
      })
      .returning();
    await insertRows(
      tx,
      record!.id,
      targets.map((target) => ({ targetId: target.id, targetName: target.name, items })),
    );
    return record!;
  });
}

/**
 * `POST /Bulk/:id/undo`: a batch of the inverse kind over the rows that moved units, each asking for
 * exactly what its row moved (a revoke of what was allocated, an allocation of what was revoked),
 * written as movements like any other. A unit used since cannot come back: that row fails alone.
 */
export async function undoBulk(db: Database, record: BulkRecord, ip: string, now: Date): Promise<BulkRecord> {
  if (!UNIT_KINDS.includes(record.kind)) throw badRequest(BULK_MSG.notUndoable);
  if (record.undoOf) throw badRequest(BULK_MSG.undoOfUndo);
  const summary = await summaryOf(db, record, now);
  if (summary.undoneBy) throw conflict(BULK_MSG.undoTwice);
  if (summary.status === 'Running') throw conflict(BULK_MSG.undoRunning);
  if (summary.units === 0) throw badRequest(BULK_MSG.nothingToUndo);
  if (!summary.undoUntil) throw conflict(BULK_MSG.undoExpired);
  const moved = await db
    .select({
      targetId: bulkOperationRows.targetId,
      targetName: bulkOperationRows.targetName,
      items: bulkOperationRows.moved,
    })
    .from(bulkOperationRows)
    .where(and(eq(bulkOperationRows.operationId, record.id), sql`${bulkOperationRows.units} > 0`))
    .orderBy(bulkOperationRows.position);
  const kind = record.kind === 'allocate' ? 'revoke' : 'allocate';
  const items = moved[0]!.items;
  try {
    return await db.transaction(async (tx) => {
      const [undo] = await tx
        .insert(bulkOperations)
        .values({
          actorId: record.actorId,
          kind,
          targetType: record.targetType,
          action: { kind, items },
          summary: `Undo of “${record.summary}”`,
          total: moved.length,
          ip,
          undoOf: record.id,
          createdAt: now,
        })
        .returning();
      await insertRows(tx, undo!.id, moved);
      return undo!;
    });
  } catch (error) {
    // Two undos sent at once: the unique index lets one through.
    if (isUniqueViolation(error, 'bulk_operations_undo_of_key')) throw conflict(BULK_MSG.undoTwice);
    throw error;
  }
}
