import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../core/errors';
import { inScope, type Scope } from '../../core/scope';

/**
 * Whose machine it is (decision 045). Machines are shared by name within a tenant (decision 030), so
 * a machine is an account's to read or manage when the account's scope holds someone who registered
 * it, ran a job on it (report_stats, one row per account and machine) or bound a unit of its pools
 * to it. For an Admin of the whole tenant the tenant filter alone says the same.
 */
export function machineInScope(scope: Scope, tenantId: string | null): SQL {
  if (scope.kind === 'all' || (scope.kind === 'subtree' && scope.rootId === tenantId)) return sql`true`;
  return sql`(${inScope(scope, sql.raw('m.registered_by'))}
    OR EXISTS (SELECT 1 FROM report_stats rs WHERE rs.tenant_id = m.tenant_id AND rs.machine_id = m.id
               AND ${inScope(scope, sql.raw('rs.account_id'))})
    OR EXISTS (SELECT 1 FROM machine_bindings b JOIN pools p ON p.id = b.pool_id
               WHERE b.tenant_id = m.tenant_id AND b.machine_id = m.id AND ${inScope(scope, sql.raw('p.owner_id'))}))`;
}

export interface ManagedMachine {
  id: string;
  name: string;
  blockedAt: Date | null;
}

export const NO_SUCH_MACHINE = (name: string) => `No machine named ${name} in your organisation.`;

/**
 * The tenant's machine of that name in the Admin's write scope, its row locked until the
 * transaction ends (the lock a job start takes first, so a block and a start never cross); a 404
 * otherwise.
 */
export async function lockManagedMachine(
  tx: Database,
  who: { tenantId: string; scope: Scope },
  name: string,
): Promise<ManagedMachine> {
  const answer: unknown = await tx.execute(sql`
    SELECT m.id, m.name, m.blocked_at FROM machines m
    WHERE m.tenant_id = ${who.tenantId}::uuid AND m.name = ${name} AND ${machineInScope(who.scope, who.tenantId)}
    FOR UPDATE OF m`);
  const row = rowsOf<{ id: string; name: string; blocked_at: Date | string | null }>(answer)[0];
  if (!row) throw notFound(NO_SUCH_MACHINE(name));
  return { id: row.id, name: row.name, blockedAt: row.blocked_at === null ? null : new Date(row.blocked_at) };
}
