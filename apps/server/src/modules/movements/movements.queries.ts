import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LicenseMovement, MovementAction } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, apiKeys, movements, pools, products } from '../../db/schema';
import { matchesAny, pageOffset } from '../../core/paging';
import { readScope, subtreeOf } from '../../core/scope';
import type { Principal } from '../../core/session';

const sourcePool = alias(pools, 'source_pool');
const sourceOwner = alias(accounts, 'source_owner');
const actor = alias(accounts, 'actor');

/**
 * A Default pool is named by its owner ("Alex Admin (Individual)"): every account's Default pool is
 * called "Default Pool", which would not tell one from another in the list.
 */
const sourcePoolName = sql<string | null>`CASE WHEN ${sourcePool.poolType} = 'Default'
  THEN ${sourceOwner.name} || ' (Individual)' ELSE ${sourcePool.name} END`;

/** A movement has a line on one of the pools (the pools subquery yields pool ids). */
const touches = (poolIds: SQL) =>
  sql`(${movements.sourcePoolId} IN ${poolIds} OR EXISTS (SELECT 1 FROM movement_lines ml
    WHERE ml.movement_id = ${movements.id} AND ml.pool_id IN ${poolIds}))`;

/**
 * The movements a caller sees (each account sees the movements that touch its scope):
 * a SuperAdmin all; others those that move units into or out of a pool it draws from (its own
 * Default pool and the shared pool it is a member of) or that it made; an Admin or Auditor also
 * those touching any pool owned inside its read scope (an Auditor: its organisation) or made by an
 * account there.
 */
export function visibleMovements(principal: Principal): SQL | undefined {
  const scope = readScope(principal);
  if (scope.kind === 'all') return undefined;
  const me = principal.accountId;
  const ownPools = sql`(SELECT id FROM pools WHERE owner_id = ${me}::uuid AND pool_type = 'Default'
    UNION ALL SELECT pool_id FROM accounts WHERE id = ${me}::uuid AND pool_id IS NOT NULL)`;
  const mine = or(eq(movements.actorId, me), touches(ownPools));
  if (scope.kind === 'self') return mine;
  const subtree = subtreeOf(scope.rootId);
  return or(
    mine,
    sql`${movements.actorId} IN ${subtree}`,
    touches(sql`(SELECT id FROM pools WHERE owner_id IN ${subtree})`),
  );
}

/** The filters of the movement list and of its export. */
export interface MovementFilters {
  search?: string;
  action?: MovementAction;
}

/** The list's where-clause: the caller's scope, the action and the search (also its export's). */
function movementsWhere(principal: Principal, query: MovementFilters): SQL | undefined {
  return and(
    visibleMovements(principal),
    query.action ? eq(movements.action, query.action) : undefined,
    matchesAny(query.search, [
      movements.productCode,
      products.name,
      movements.targetName,
      sourcePool.name,
      sourceOwner.name,
    ]),
  );
}

/** The list's rows with their joins, ordered newest first (then by id), to be filtered and cut. */
function movementRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: movements.id,
      productCode: movements.productCode,
      productName: products.name,
      quantityChange: movements.quantity,
      action: movements.action,
      sourcePoolName,
      targetName: movements.targetName,
      targetType: movements.targetType,
      actorName: actor.name,
      actorEmail: actor.email,
      apiKeyName: apiKeys.name,
      // ISO 8601 text formatted by PostgreSQL: parsing a Date here and writing it back cost more per
      // row of a 1,000,000-row export than the rest of the row (issue 23).
      createdAt: sql<string>`to_char(${movements.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      // The exact instant as text: a JS Date keeps milliseconds only, the column microseconds.
      cursorAt: sql<string>`${movements.createdAt}::text`,
    })
    .from(movements)
    .innerJoin(products, eq(products.code, movements.productCode))
    .leftJoin(sourcePool, eq(sourcePool.id, movements.sourcePoolId))
    .leftJoin(sourceOwner, eq(sourceOwner.id, sourcePool.ownerId))
    .innerJoin(actor, eq(actor.id, movements.actorId))
    .leftJoin(apiKeys, eq(apiKeys.id, movements.apiKeyId))
    .where(where)
    .orderBy(desc(movements.createdAt), desc(movements.id));
}

function toMovement({ cursorAt: _cursor, ...row }: Awaited<ReturnType<typeof movementRows>>[number]): LicenseMovement {
  return {
    ...row,
    action: row.action as MovementAction,
    targetType: row.targetType as LicenseMovement['targetType'],
  };
}

/** `GET /LicenseMovement`: the caller's movements, newest first. */
export async function listMovements(
  db: Database,
  principal: Principal,
  query: MovementFilters & { pageNumber: number; pageSize: number },
): Promise<{ rows: LicenseMovement[]; total: number }> {
  const where = movementsWhere(principal, query);
  const rows = await movementRows(db, where).limit(query.pageSize).offset(pageOffset(query.pageNumber, query.pageSize));
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(movements)
    .innerJoin(products, eq(products.code, movements.productCode))
    .leftJoin(sourcePool, eq(sourcePool.id, movements.sourcePoolId))
    .leftJoin(sourceOwner, eq(sourceOwner.id, sourcePool.ownerId))
    .where(where);
  return { total: counted?.n ?? 0, rows: rows.map(toMovement) };
}

/**
 * `GET /LicenseMovement/export`: every movement the list would show with these filters, in the
 * list's order, read in keyset batches (after the last row's instant and id), never by offset.
 */
export async function* movementBatches(
  db: Database,
  principal: Principal,
  query: MovementFilters,
  batchSize: number,
): AsyncGenerator<LicenseMovement[]> {
  const where = movementsWhere(principal, query);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await movementRows(
      db,
      and(
        where,
        after
          ? sql`(${movements.createdAt}, ${movements.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    ).limit(batchSize);
    if (rows.length > 0) yield rows.map(toMovement);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursorAt, id: last.id };
  }
}
