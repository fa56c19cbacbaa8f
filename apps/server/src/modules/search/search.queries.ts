import { sql } from 'drizzle-orm';
import { SEARCH_LIMIT, type SearchResult } from '@portal/contracts/search';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { belowScopeRoot, inScope, readScope } from '../../core/scope';
import type { Principal } from '../../core/session';
import { accounts } from '../../db/schema';
import { hasPermission } from '@portal/contracts/permissions';
import { lotsByOrderId } from '../licenses';
import { accountIn, reportScopeOf, tenantIs } from '../reports';

/** `text%` in lower case, its own `%`, `_` and `\` taken literally: a prefix, which an index serves. */
function prefixOf(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What the caller may see whose name begins with `q` (an account's email too), at most five of
 * each kind, by name: the accounts below it (as the Users list shows them), the shared pools it
 * reads, the jobs and machines of its migration reports (their scope, reports.scope.ts), and the
 * lots the Licenses list shows it, by order ID (for the roles that read licenses). Each
 * kind is one query on the names' prefix; jobs through `jobs_name_prefix_idx`.
 */
export async function searchFor(db: Database, principal: Principal, q: string): Promise<SearchResult> {
  const like = prefixOf(q);
  const scope = readScope(principal);
  const reader = reportScopeOf(principal);
  const [found, pools, jobs, machines, lots] = await Promise.all([
    db.execute(sql`
      SELECT id, name, email FROM accounts
      WHERE ${belowScopeRoot(scope, accounts.id, principal.accountId)}
        AND (lower(name) LIKE ${like} OR lower(email) LIKE ${like})
      ORDER BY lower(name), id LIMIT ${SEARCH_LIMIT}`),
    db.execute(sql`
      SELECT p.id, p.name FROM pools p
      WHERE p.pool_type = 'Pool' AND ${inScope(scope, sql.raw('p.owner_id'))} AND lower(p.name) LIKE ${like}
      ORDER BY lower(p.name), p.id LIMIT ${SEARCH_LIMIT}`),
    db.execute(sql`
      SELECT j.id, j.name, m.name AS machine_name FROM jobs j
      JOIN machines m ON m.tenant_id = j.tenant_id AND m.id = j.machine_id
      WHERE lower(j.name) LIKE ${like} AND ${tenantIs(reader, 'j.tenant_id')} AND ${accountIn(reader, 'j.account_id')}
      ORDER BY lower(j.name), j.id LIMIT ${SEARCH_LIMIT}`),
    db.execute(sql`
      SELECT m.id, m.name FROM machines m
      WHERE lower(m.name) LIKE ${like} AND ${tenantIs(reader, 'm.tenant_id')}
        AND EXISTS (SELECT 1 FROM jobs j WHERE j.tenant_id = m.tenant_id AND j.machine_id = m.id
          AND ${accountIn(reader, 'j.account_id')})
      ORDER BY lower(m.name), m.id LIMIT ${SEARCH_LIMIT}`),
    hasPermission(principal.roles, 'licenses:read') ? lotsByOrderId(db, scope, like, SEARCH_LIMIT) : [],
  ]);
  return {
    accounts: rowsOf<{ id: string; name: string; email: string }>(found),
    pools: rowsOf<{ id: string; name: string }>(pools),
    jobs: rowsOf<{ id: string; name: string; machine_name: string }>(jobs).map((j) => ({
      id: j.id,
      name: j.name,
      machineName: j.machine_name,
    })),
    machines: rowsOf<{ id: string; name: string }>(machines),
    lots,
  };
}
