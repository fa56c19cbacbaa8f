// Users imported from a CSV file (modules/accounts, decision 047). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ImportPlan, ImportRowStatus } from '@portal/contracts/account-imports';
import { accounts } from './accounts-schema';
import { createdAt } from './columns';

/** One uploaded file: its dry run is its rows' plans; applied, its rows are queued work. */
export const accountImports = pgTable(
  'account_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Admin who uploaded it: the new accounts' parent, the units' source, the audit's actor. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    totalRows: integer('total_rows').notNull(),
    /** The address it was uploaded and applied from: the audit rows of its background work name it. */
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('account_imports_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

/**
 * One row of a file, as parsed, with its plan (the dry run) and, once applied, its result. A Queued
 * row is a kind of queued work (core/work-queue.ts): claimed with a lease, created in a transaction
 * of its own, so that an import survives a restart and one row's failure never stops the others.
 */
export const accountImportRows = pgTable(
  'account_import_rows',
  {
    /** In file order: the queue takes rows due at the same time by it, so units go top down. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid('import_id')
      .notNull()
      .references(() => accountImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    pool: text('pool').notNull(),
    products: text('products').notNull(),
    /** The products resolved at the dry run: [{ groupKey, productCode, quantity }]. */
    items: jsonb('items').$type<{ groupKey: string; productCode: string; quantity: number }[]>().notNull(),
    /** The units its items ask for, in all. */
    units: integer('units').notNull().default(0),
    plan: text('plan').$type<ImportPlan>().notNull(),
    status: text('status').$type<ImportRowStatus>().notNull().default('Planned'),
    message: text('message'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('account_import_rows_line_key').on(t.importId, t.line),
    index('account_import_rows_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'Queued'`),
    check('account_import_rows_plan_valid', sql`${t.plan} IN ('Create', 'Skip', 'Error')`),
    check(
      'account_import_rows_status_valid',
      sql`${t.status} IN ('Planned', 'Queued', 'Created', 'Skipped', 'Failed')`,
    ),
    // Only a row planned to be created is ever queued or created.
    check('account_import_rows_created_planned', sql`${t.status} NOT IN ('Queued', 'Created') OR ${t.plan} = 'Create'`),
  ],
);
