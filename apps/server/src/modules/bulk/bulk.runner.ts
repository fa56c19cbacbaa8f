import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BULK_MSG, type BulkRowStatus } from '@portal/contracts/bulk';
import { hasPermission } from '@portal/contracts/permissions';
import type { Database } from '../../db/client';
import { accounts, bulkOperationRows, bulkOperations, type BulkUnits } from '../../db/schema';
import { AppError } from '../../core/errors';
import type { Principal } from '../../core/session';
import type { Clock } from '../../lib/clock';
import { QueueRunner, type QueueStates } from '../../core/work-queue';
import { type AuditEntry, recordQueuedAudit } from '../audit';
import { setStatus, updatePool, updateRoles } from '../accounts';
import { allocate, revoke } from '../stock';
import type { BulkRecord } from './bulk.queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bulk changes' runner (tests drain it). */
    bulk: BulkRunner;
  }
}

/** The rows of bulk changes by state: Queued until changed (or refused), then settled. */
export const BULK_STATES = {
  name: 'bulk',
  table: bulkOperationRows,
  pending: eq(bulkOperationRows.status, 'Queued'),
  // A row whose attempts all failed on the server's side (not on its own data) is Failed with the
  // last error: the panel lists it.
  dead: sql`${bulkOperationRows.status} = 'Failed' AND ${bulkOperationRows.lastError} IS NOT NULL`,
  label: sql`'row ' || ${bulkOperationRows.position}::text || ' of bulk change ' || ${bulkOperationRows.operationId}::text`,
} satisfies QueueStates<typeof bulkOperationRows>;

type Claimed = typeof bulkOperationRows.$inferSelect;
interface Done {
  error: string | null;
  status: BulkRowStatus;
  message: string;
}
type Actor = Pick<typeof accounts.$inferSelect, 'id' | 'parentId' | 'roles' | 'active' | 'name' | 'email'>;

export interface BulkRunnerOptions {
  db: Database;
  /** The app's clock: a row's movements, lots' expiry and settling time follow it. */
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs?: number;
  exclusive?: boolean;
  /** Seconds before each retry of a row that failed on the server's side. */
  retrySeconds?: number[];
}

/** Rows claimed at once: each is still its own transaction. */
const BATCH = 24;
const YIELD_EVERY = 2;

/**
 * The one who started a batch, as the services of a single change expect their caller: its rights
 * are read again at each row's turn, so an Admin demoted meanwhile changes nothing more.
 */
function principalOfActor(actor: Actor, record: BulkRecord): Principal {
  return {
    accountId: actor.id,
    parentId: actor.parentId,
    tenantId: actor.id,
    sessionId: `bulk:${record.id}`,
    kind: 'full',
    roles: actor.roles,
    eulaAccepted: true,
    profile: { name: actor.name, email: actor.email, lastLogin: null, timeZone: null, locale: null },
    apiKey: null,
  };
}

const unitsIn = (items: readonly BulkUnits[]) => items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * Applies the rows of bulk changes (decision 049), a kind of queued work (core/work-queue.ts): each
 * target's change, its audit row and its result in one transaction, with the same service and rules
 * as the change made one at a time, so that a restart neither repeats nor loses a row and a target
 * refused (not yours, its units used, your own account) fails alone while the others go on.
 */
export class BulkRunner {
  readonly runner: QueueRunner<typeof bulkOperationRows, Claimed, Done>;

  constructor(private readonly options: BulkRunnerOptions) {
    this.runner = new QueueRunner(
      {
        ...BULK_STATES,
        batch: BATCH,
        leaseMs: 60_000,
        retrySeconds: options.retrySeconds ?? [5, 30, 120],
        attempt: (rows) => this.attempt(rows),
        columns: (_row, outcome, verdict) =>
          verdict === 'retry'
            ? {}
            : {
                status: verdict === 'dead' ? 'Failed' : outcome.status,
                message: verdict === 'dead' ? `Not changed: ${outcome.error ?? 'unknown error'}` : outcome.message,
                settledAt: options.clock.now(),
              },
        report: (row, outcome, verdict) => {
          if (verdict !== 'done')
            options.log.warn({ event: 'bulk.row-failed', row: row.id, error: outcome.error }, 'bulk row not changed');
        },
      },
      { db: options.db, log: options.log, pollMs: options.pollMs ?? 1000, exclusive: options.exclusive },
    );
  }

  /** Waits for the round under way, then applies every due row (tests). */
  drain(): Promise<void> {
    return this.runner.drain();
  }

  /** One attempt of claimed rows, one after the other (they lock the same source stock). */
  async attempt(rows: Claimed[]): Promise<Done[]> {
    const { db } = this.options;
    const records = await db
      .select()
      .from(bulkOperations)
      .where(inArray(bulkOperations.id, [...new Set(rows.map((row) => row.operationId))]));
    const actors = await db
      .select({
        id: accounts.id,
        parentId: accounts.parentId,
        roles: accounts.roles,
        active: accounts.active,
        name: accounts.name,
        email: accounts.email,
      })
      .from(accounts)
      .where(inArray(accounts.id, [...new Set(records.map((record) => record.actorId))]));
    const recordOf = new Map(records.map((record) => [record.id, record]));
    const actorOf = new Map(actors.map((actor) => [actor.id, actor]));
    const out: Done[] = [];
    for (const [index, row] of rows.entries()) {
      // A turn of the event loop every few rows: on the embedded database a row's queries run on
      // this thread and would otherwise hold requests off for the whole batch.
      if (index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      const record = recordOf.get(row.operationId)!;
      const actor = actorOf.get(record.actorId);
      out.push(
        !actor?.active || !hasPermission(actor.roles, 'child-accounts:write')
          ? { error: null, status: 'Failed', message: BULK_MSG.actorGone }
          : await this.applyRow(row, record, actor),
      );
    }
    return out;
  }

  /** One target: its change, audit row and result commit together or not at all. */
  private async applyRow(row: Claimed, record: BulkRecord, actor: Actor): Promise<Done> {
    const { db } = this.options;
    const now = this.options.clock.now();
    const settle = (tx: Database, status: BulkRowStatus, message: string, moved: BulkUnits[] = []) =>
      tx
        .update(bulkOperationRows)
        .set({ status, message, moved, units: unitsIn(moved), settledAt: now, claimedUntil: null })
        .where(eq(bulkOperationRows.id, row.id));
    try {
      return await db.transaction(async (tx) => {
        // Held until the commit: another instance that took the row after this claim's lease ran
        // out waits here, then finds it settled and leaves it as it is.
        const [held] = await tx
          .select({ status: bulkOperationRows.status, message: bulkOperationRows.message })
          .from(bulkOperationRows)
          .where(eq(bulkOperationRows.id, row.id))
          .for('update');
        if (held?.status !== 'Queued')
          return { error: null, status: held?.status ?? 'Failed', message: held?.message ?? '' };
        const { moved, message, entry } = await this.change(tx, row, record, actor, now);
        if (moved && unitsIn(moved) === 0) throw new AppError(409, BULK_MSG.nothingToRevoke);
        await recordQueuedAudit(
          tx,
          this.options.log,
          { ip: record.ip },
          {
            ...entry,
            actor: actor.id,
            at: now,
            detail: { ...entry.detail, bulk: record.id },
          },
        );
        await settle(tx, 'Done', message, moved ?? []);
        return { error: null, status: 'Done', message };
      });
    } catch (error) {
      // A refusal of the row's own data (4xx) is its result; anything else is retried.
      if (!(error instanceof AppError) || error.statusCode >= 500) {
        return { error: error instanceof Error ? error.message : String(error), status: 'Queued', message: '' };
      }
      const message = `Not changed: ${error.message}`;
      await db.transaction((tx) => settle(tx, 'Failed', message));
      return { error: null, status: 'Failed', message };
    }
  }

  /** The change one row asks for, through the service of the same change made one at a time. */
  private async change(
    tx: Database,
    row: Claimed,
    record: BulkRecord,
    actor: Actor,
    now: Date,
  ): Promise<{ moved?: BulkUnits[]; message: string; entry: Pick<AuditEntry, 'event' | 'detail'> }> {
    const action = record.action;
    const principal = principalOfActor(actor, record);
    const target = row.targetId;
    const input = { actorId: actor.id, targetId: target, isUser: record.targetType === 'User', items: row.items, now };
    switch (action.kind) {
      case 'allocate': {
        const done = await allocate(tx, input);
        const moved = done.items.map((i) => ({ groupKey: i.groupKey, productCode: i.productCode, quantity: i.moved }));
        const units = unitsIn(moved);
        return {
          moved,
          message: BULK_MSG.doneAllocate(units),
          entry: { event: 'stock.allocate', detail: { target, units } },
        };
      }
      case 'revoke': {
        // A batch takes back up to its count from each target; an undo takes back exactly what its
        // allocation moved, or fails that row.
        const done = await revoke(tx, { ...input, partial: record.undoOf === null });
        const moved = done.items.map((i) => ({ groupKey: i.groupKey, productCode: i.productCode, quantity: i.moved }));
        const units = unitsIn(moved);
        return {
          moved,
          message: BULK_MSG.doneRevoke(units),
          entry: { event: 'stock.revoke', detail: { target, units } },
        };
      }
      case 'pool': {
        const { pool } = await updatePool(tx, principal, { userId: target, licensePoolId: action.poolId });
        return {
          message: BULK_MSG.donePool(pool?.name ?? null),
          entry: { event: 'account.pool', detail: { target, pool: pool?.id ?? 'Individual' } },
        };
      }
      case 'role':
        await updateRoles(tx, principal, { userId: target, roles: [action.role] });
        return {
          message: BULK_MSG.doneRole,
          entry: { event: 'account.roles', detail: { target, roles: action.role } },
        };
      case 'status':
        await setStatus(tx, principal, { childId: target, active: action.active }, now);
        return {
          message: BULK_MSG.doneStatus(action.active),
          entry: { event: 'account.status', detail: { target, active: action.active } },
        };
    }
  }
}
