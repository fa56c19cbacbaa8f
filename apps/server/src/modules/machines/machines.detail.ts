import { type SQL, sql } from 'drizzle-orm';
import { hasPermission } from '@portal/contracts/permissions';
import { MACHINE_DETAIL_JOBS, type MachineDetail } from '@portal/contracts/machines';
import type { MigrationStatus } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../core/errors';
import type { Principal } from '../../core/principal';
import { inScope, readScope, type Scope, writeScope } from '../../core/scope';
import { machineInScope } from '../agent';

type At = Date | string;
const iso = (value: At | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * `GET /Machine/{machineId}` (decision 045): the machine's fingerprint, last report and block, the
 * node-locked units bound to it from pools of the caller's scope (product, lot, pool, since), and
 * its latest jobs of the caller's scope. Four short queries on one machine's rows (its key, the
 * bindings' key, jobs_machine_start_idx, report_stats' key); never the machines list's query.
 */
export async function machineDetail(db: Database, principal: Principal, machineId: string): Promise<MachineDetail> {
  const scope = readScope(principal);
  const tenantId = scope.kind === 'all' ? null : principal.tenantId;
  const tenantIs = tenantId === null ? sql`true` : sql`m.tenant_id = ${tenantId}::uuid`;
  const machine = rowsOf<{
    id: string;
    tenant_id: string;
    name: string;
    fingerprint: string | null;
    last_seen_at: At;
    blocked_at: At | null;
    blocked_by_name: string | null;
  }>(
    await db.execute(sql`
      SELECT m.id, m.tenant_id, m.name, m.fingerprint, m.last_seen_at, m.blocked_at, a.name AS blocked_by_name
      FROM machines m LEFT JOIN accounts a ON a.id = m.blocked_by
      WHERE m.id = ${machineId}::uuid AND ${tenantIs} AND ${machineInScope(scope, tenantId)}`),
  )[0];
  if (!machine) throw notFound('Machine not found.');
  const manages = hasPermission(principal.roles, 'machines:manage');
  const write = writeScope(principal);
  const at = (alias: string) =>
    sql`${sql.raw(alias)}.tenant_id = ${machine.tenant_id}::uuid AND ${sql.raw(alias)}.machine_id = ${machine.id}::uuid`;
  const [units, jobs, counted, manageable] = await Promise.all([
    boundUnits(db, at('b'), scope, manages ? inScope(write, sql.raw('p.owner_id')) : sql`false`),
    db.execute(sql`
      SELECT j.id, j.name, a.name AS user_name, j.product_code, j.status, j.start_date, j.end_date
      FROM jobs j JOIN accounts a ON a.id = j.account_id
      WHERE ${at('j')} AND ${inScope(scope, sql.raw('j.account_id'))}
      ORDER BY j.start_date DESC, j.id LIMIT ${MACHINE_DETAIL_JOBS}`),
    db.execute(sql`
      SELECT coalesce(sum(rs.job_count), 0)::int AS job_count FROM report_stats rs
      WHERE ${at('rs')} AND ${inScope(scope, sql.raw('rs.account_id'))}`),
    manages
      ? db.execute(sql`SELECT 1 FROM machines m WHERE m.tenant_id = ${principal.tenantId}::uuid
          AND m.id = ${machine.id}::uuid AND ${machineInScope(write, principal.tenantId)}`)
      : null,
  ]);
  return {
    id: machine.id,
    name: machine.name,
    fingerprint: machine.fingerprint,
    lastSeenAt: iso(machine.last_seen_at) ?? '',
    blocked: machine.blocked_at !== null,
    blockedAt: iso(machine.blocked_at),
    blockedByName: machine.blocked_by_name,
    manageable: manageable !== null && rowsOf(manageable).length > 0,
    boundUnits: units,
    jobs: rowsOf<{
      id: string;
      name: string;
      user_name: string;
      product_code: string;
      status: MigrationStatus;
      start_date: At;
      end_date: At | null;
    }>(jobs).map((job) => ({
      id: job.id,
      name: job.name,
      userName: job.user_name,
      productCode: job.product_code,
      status: job.status,
      startDate: iso(job.start_date) ?? '',
      endDate: iso(job.end_date),
    })),
    jobCount: rowsOf<{ job_count: number }>(counted)[0]?.job_count ?? 0,
  };
}

/** The machine's bindings from pools of the caller's scope, oldest first; `releasable` per pool. */
async function boundUnits(db: Database, at: SQL, scope: Scope, mine: SQL) {
  const answer: unknown = await db.execute(sql`
    SELECT b.license_id, b.product_code, pr.name AS product_name, b.pool_id,
      CASE WHEN p.pool_type = 'Default' THEN 'Default Pool of ' || o.name ELSE p.name END AS pool_name,
      b.bound_at, b.expires_at, b.fingerprint, (${mine}) AS releasable
    FROM machine_bindings b
    JOIN pools p ON p.id = b.pool_id
    JOIN accounts o ON o.id = p.owner_id
    JOIN products pr ON pr.code = b.product_code
    WHERE ${at} AND ${inScope(scope, sql.raw('p.owner_id'))}
    ORDER BY b.bound_at, b.product_code, b.license_id`);
  return rowsOf<{
    license_id: string;
    product_code: string;
    product_name: string;
    pool_id: string;
    pool_name: string;
    bound_at: At;
    expires_at: At | null;
    fingerprint: string | null;
    releasable: boolean;
  }>(answer).map((row) => ({
    licenseId: row.license_id,
    productCode: row.product_code,
    productName: row.product_name,
    poolId: row.pool_id,
    poolName: row.pool_name,
    boundAt: iso(row.bound_at) ?? '',
    expiresAt: iso(row.expires_at),
    fingerprint: row.fingerprint,
    releasable: row.releasable,
  }));
}
