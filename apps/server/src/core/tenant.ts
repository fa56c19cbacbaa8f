import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { notFound } from './errors';

/**
 * The tenant of an account: the top account of its organisation (the root of its tree). Migration
 * data carries it first in every key, so that a tenant's rows sit together and can be distributed
 * by it (docs/decisions/019-distributing-by-tenant.md). This is the tenant of the account in
 * `account`, as a scalar subquery: one probe of the closure's index.
 */
export function tenantOfAccount(account: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`(SELECT c.ancestor_id FROM account_closure c JOIN accounts t ON t.id = c.ancestor_id
    WHERE c.descendant_id = ${account} AND t.parent_id IS NULL)`;
}

/** tenantOfAccount for one account id, as its own query (the session query embeds the subquery). */
export async function tenantOf(db: Database, accountId: string): Promise<string> {
  const answer: unknown = await db.execute(sql`SELECT ${tenantOfAccount(sql`${accountId}::uuid`)} AS tenant_id`);
  const row = rowsOf<{ tenant_id: string | null }>(answer)[0];
  if (!row?.tenant_id) throw notFound('Account not found');
  return row.tenant_id;
}
