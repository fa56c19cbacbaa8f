import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The periodic tasks (core/scheduled-tasks.ts, decision 034): one row per task, shared by every
 * instance. An instance claims a due row with a lease to run it, so one instance runs each
 * period; the row keeps when it last ran, how many runs in a row failed and the last error.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  runs: integer('runs').notNull().default(0),
  /** Failed runs since the last success; 0 when the last run succeeded. */
  failures: integer('failures').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
  lastError: text('last_error'),
});
