// Saved views of the lists (modules/views, decision 050). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_PAGES } from '@portal/contracts/saved-views';
import { accounts } from './accounts-schema';
import { createdAt } from './columns';

const pages = sql.raw(SAVED_VIEW_PAGES.map((page) => `'${page}'`).join(', '));

/**
 * A list's query kept under a name by the person who saved it. `org_id` is the organisation it is
 * shared with when `shared`: the owner's parent, or the owner at the top of its tree (decision 050).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    page: text('page').notNull(),
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_name_key').on(t.accountId, t.page, sql`lower(${t.name})`),
    index('saved_views_shared_idx')
      .on(t.orgId, t.page)
      .where(sql`${t.shared}`),
    check('saved_views_name_valid', sql`length(${t.name}) BETWEEN 1 AND ${sql.raw(String(SAVED_VIEW_LIMITS.name))}`),
    check('saved_views_page_valid', sql`${t.page} IN (${pages})`),
    check('saved_views_query_valid', sql`length(${t.query}) <= ${sql.raw(String(SAVED_VIEW_LIMITS.query))}`),
  ],
);

/** A view pinned to one person's sidebar: their own or one shared with them. */
export const savedViewPins = pgTable(
  'saved_view_pins',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    viewId: uuid('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.viewId] }), index('saved_view_pins_view_idx').on(t.viewId)],
);

export type SavedViewRow = typeof savedViews.$inferSelect;
