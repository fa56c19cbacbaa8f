import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { notFound } from './errors';

/**
 * The tenant of an account: the top account of its organisation (the root of its tree). Migration
 * data carries it first in every key, so that a tenant's rows sit together and can be distributed
 * by it (docs/decisions/019-distributing-by-tenant.md). One probe of the closure's descendant index.
 */
export async function tenantOf(db: Database, accountId: string): Promise<string> {
  const answer: unknown = await db.execute(sql`
    SELECT c.ancestor_id AS tenant_id
    FROM account_closure c JOIN accounts a ON a.id = c.ancestor_id
    WHERE c.descendant_id = ${accountId}::uuid AND a.parent_id IS NULL`);
  const row = rowsOf<{ tenant_id: string }>(answer)[0];
  if (!row) throw notFound('Account not found');
  return row.tenant_id;
}
