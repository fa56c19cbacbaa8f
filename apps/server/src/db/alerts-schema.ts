// The daily expiry and low-stock alerts (decision 027). Re-exported by schema.ts, which drizzle-kit reads.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts-schema';
import { products } from './stock-schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An Admin's own alert settings: how many days ahead a lot's expiry is announced. No row means the
 * server's default (ALERT_EXPIRY_DAYS). Per account, since each Admin manages the pools it owns.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    expiryWindowDays: integer('expiry_window_days').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('alert_settings_window_valid', sql`${t.expiryWindowDays} BETWEEN 1 AND 365`)],
);

/**
 * An Admin's low-stock threshold for one product: an alert when the available units of the product
 * in the Admin's pools fall under it. Only thresholds above 0 are kept (0 means no alert).
 */
export const alertThresholds = pgTable(
  'alert_thresholds',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    threshold: integer('threshold').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.productCode] }),
    check('alert_thresholds_positive', sql`${t.threshold} > 0`),
  ],
);

/**
 * One row per day the check ran (UTC day): the instance that inserts it runs the check, the others
 * see the row and do nothing. A run that died (claimed_until passed, finished_at null) is taken over.
 */
export const alertRuns = pgTable('alert_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: at('started_at').notNull(),
  claimedUntil: at('claimed_until').notNull(),
  attempts: integer('attempts').notNull().default(1),
  finishedAt: at('finished_at'),
  /** Messages this run queued. */
  sent: integer('sent'),
});

/**
 * One row per account and day that an alert mail was queued, written in the transaction of the
 * outbox row and the audit row: the key makes a second message the same day impossible.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: at('sent_at').notNull(),
    expiringLots: integer('expiring_lots').notNull(),
    lowProducts: integer('low_products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
