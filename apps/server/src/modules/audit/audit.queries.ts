import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditListQuery } from '@portal/contracts/audit';
import { containsPattern } from '../../core/paging';
import type { Principal } from '../../core/session';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema';

/**
 * The organisation whose trail the caller reads: none (everything) for a SuperAdmin; otherwise its
 * tenant, the top account of its tree (an Auditor's parent is in the same tree).
 */
export function auditTenantOf(principal: Principal): string | null {
  return principal.roles.includes('SuperAdmin') ? null : principal.tenantId;
}

/** One page of the trail in the caller's scope, newest first, and the count of all that match. */
export async function listAuditEvents(
  db: Database,
  principal: Principal,
  query: AuditListQuery,
): Promise<{ rows: AuditEvent[]; total: number }> {
  const tenant = auditTenantOf(principal);
  const email = containsPattern(query.email);
  const conditions: (SQL | undefined)[] = [
    tenant === null ? undefined : eq(auditEvents.tenantId, tenant),
    query.accountId ? eq(auditEvents.actorId, query.accountId) : undefined,
    email ? ilike(auditEvents.actorEmail, email) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.from ? gte(auditEvents.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(auditEvents.createdAt, new Date(query.to)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      outcome: row.outcome,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      detail: row.detail as AuditEvent['detail'],
      ip: row.ip,
    })),
    total: counted?.total ?? 0,
  };
}
