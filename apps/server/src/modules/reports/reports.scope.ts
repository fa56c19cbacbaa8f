import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../core/errors';
import { inScope, readScope, type Scope } from '../../core/scope';
import type { Principal } from '../../core/session';

/**
 * What a caller reads of the migration data: one tenant (null for a SuperAdmin, who reads them all)
 * and the accounts inside it. Every report query filters on the tenant first, so that it stays on
 * one tenant's rows and one node once the data is distributed (decision 019).
 */
export interface ReportScope {
  tenantId: string | null;
  scope: Scope;
}

export function reportScopeOf(principal: Principal): ReportScope {
  const scope = readScope(principal);
  // An Auditor's scope is its parent's subtree: the same tree, so the same tenant as its own.
  return { tenantId: scope.kind === 'all' ? null : principal.tenantId, scope };
}

/** `<column> = tenant`, or nothing to filter for a SuperAdmin. */
export function tenantIs(reader: ReportScope, column: string): SQL {
  return reader.tenantId === null ? sql`true` : sql`${sql.raw(column)} = ${reader.tenantId}::uuid`;
}

/**
 * The account in `column` is inside the caller's scope. An Admin (or Auditor) of the whole tenant
 * needs no account filter at all: the tenant filter says the same, and the planner then walks the
 * tenant's index in order instead of joining the closure.
 */
export function accountIn(reader: ReportScope, column: string): SQL {
  const { scope } = reader;
  if (scope.kind === 'subtree' && scope.rootId === reader.tenantId) return sql`true`;
  return inScope(scope, sql.raw(column));
}

/** An account the caller may read, with its tenant; 404 when outside the scope (or unknown). */
export async function readableAccount(
  db: Database,
  reader: ReportScope,
  accountId: string,
): Promise<{ id: string; name: string; email: string; tenantId: string }> {
  const answer: unknown = await db.execute(sql`
    SELECT a.id, a.name, a.email, c.ancestor_id AS tenant_id
    FROM accounts a
    JOIN account_closure c ON c.descendant_id = a.id
    JOIN accounts top ON top.id = c.ancestor_id AND top.parent_id IS NULL
    WHERE a.id = ${accountId}::uuid AND ${accountIn(reader, 'a.id')}`);
  const row = rowsOf<{ id: string; name: string; email: string; tenant_id: string }>(answer)[0];
  if (!row || (reader.tenantId !== null && row.tenant_id !== reader.tenantId)) throw notFound('User not found');
  return { id: row.id, name: row.name, email: row.email, tenantId: row.tenant_id };
}
