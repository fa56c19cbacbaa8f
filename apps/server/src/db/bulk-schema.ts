// Bulk changes of users and pools (modules/bulk, decision 049). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BulkAction, BulkKind, BulkRowStatus } from '@portal/contracts/bulk';
import { accounts } from './accounts-schema';
import { createdAt } from './columns';

/** Units of one group, as a bulk row asks for them or moved them. */
export interface BulkUnits {
  groupKey: string;
  productCode: string;
  quantity: number;
}

/** One bulk change: what it does to each of its targets, who started it, and its undo. */
export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Admin who started it: the units' source and the audit rows' actor. */
    actorId: uuid('actor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BulkKind>().notNull(),
    targetType: text('target_type').$type<'User' | 'Pool'>().notNull(),
    action: jsonb('action').$type<BulkAction>().notNull(),
    /** What it does, in a line: "Allocate 5 × MBX". */
    summary: text('summary').notNull(),
    total: integer('total').notNull(),
    /** The address it was started from: the audit rows of its background work name it. */
    ip: text('ip').notNull(),
    /** The batch this one undoes: each batch is undone at most once. */
    undoOf: uuid('undo_of').references((): AnyPgColumn => bulkOperations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When its last row settled (set in that row's transaction). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_operations_actor_idx').on(t.actorId, t.createdAt.desc()),
    uniqueIndex('bulk_operations_undo_of_key').on(t.undoOf),
    check('bulk_operations_kind_valid', sql`${t.kind} IN ('allocate', 'revoke', 'pool', 'role', 'status')`),
    check('bulk_operations_target_type_valid', sql`${t.targetType} IN ('User', 'Pool')`),
    // A pool has no pool, role or status of its own.
    check('bulk_operations_users_only', sql`${t.kind} IN ('allocate', 'revoke') OR ${t.targetType} = 'User'`),
    check('bulk_operations_undo_moves_units', sql`${t.undoOf} IS NULL OR ${t.kind} IN ('allocate', 'revoke')`),
    check('bulk_operations_total_positive', sql`${t.total} > 0`),
  ],
);

/**
 * One target of a bulk change and its result. A Queued row is a kind of queued work
 * (core/work-queue.ts): claimed with a lease and changed in a transaction of its own, so that a
 * batch survives a restart and one target's refusal never stops or undoes the others.
 */
export const bulkOperationRows = pgTable(
  'bulk_operation_rows',
  {
    /** In selection order: the queue takes rows due at the same time by it. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => bulkOperations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** A user's or pool's id: not a foreign key, since it names either (the result outlives a target). */
    targetId: uuid('target_id').notNull(),
    targetName: text('target_name').notNull(),
    /** The units to move for this target: the action's for a batch, the moved ones for an undo. */
    items: jsonb('items').$type<BulkUnits[]>().notNull(),
    status: text('status').$type<BulkRowStatus>().notNull().default('Queued'),
    message: text('message').notNull().default(''),
    /** The units this row moved, written in the transaction that moved them: what an undo takes back. */
    moved: jsonb('moved')
      .$type<BulkUnits[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    units: integer('units').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('bulk_operation_rows_position_key').on(t.operationId, t.position),
    index('bulk_operation_rows_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'Queued'`),
    check('bulk_operation_rows_status_valid', sql`${t.status} IN ('Queued', 'Done', 'Failed')`),
    check('bulk_operation_rows_units_valid', sql`${t.units} >= 0 AND (${t.units} = 0 OR ${t.status} = 'Done')`),
  ],
);
