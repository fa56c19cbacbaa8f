import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditEvent, AuditListQuery } from '@portal/contracts/audit';
import { containsPattern, pageOffset } from '../../core/paging';
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

/** The filters of the trail and of its export (the list's query without paging). */
export type AuditFilters = Omit<AuditListQuery, 'pageNumber' | 'pageSize'>;

/** The trail's where-clause: the caller's organisation, the account, email, action and time range. */
function auditWhere(principal: Principal, query: AuditFilters): SQL | undefined {
  const tenant = auditTenantOf(principal);
  const email = containsPattern(query.email);
  return and(
    tenant === null ? undefined : eq(auditEvents.tenantId, tenant),
    query.accountId ? eq(auditEvents.actorId, query.accountId) : undefined,
    email ? ilike(auditEvents.actorEmail, email) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.from ? gte(auditEvents.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(auditEvents.createdAt, new Date(query.to)) : undefined,
  );
}

/** The trail's rows, newest first (then by id), to be filtered and cut. */
function auditRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      row: auditEvents,
      // The exact instant as text: a JS Date keeps milliseconds only, the column microseconds.
      cursorAt: sql<string>`${auditEvents.createdAt}::text`,
    })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
}

function toAuditEvent({ row }: Awaited<ReturnType<typeof auditRows>>[number]): AuditEvent {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    apiKeyName: row.apiKeyName,
    action: row.action,
    outcome: row.outcome,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    detail: row.detail as AuditEvent['detail'],
    ip: row.ip,
  };
}

/** One page of the trail in the caller's scope, newest first, and the count of all that match. */
export async function listAuditEvents(
  db: Database,
  principal: Principal,
  query: AuditListQuery,
): Promise<{ rows: AuditEvent[]; total: number }> {
  const where = auditWhere(principal, query);
  const [rows, [counted]] = await Promise.all([
    auditRows(db, where).limit(query.pageSize).offset(pageOffset(query.pageNumber, query.pageSize)),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { rows: rows.map(toAuditEvent), total: counted?.total ?? 0 };
}

/**
 * `GET /Audit/export`: every event the trail shows with these filters, newest first, in keyset
 * batches after the last row's exact instant and id.
 */
export async function* auditBatches(
  db: Database,
  principal: Principal,
  query: AuditFilters,
  batchSize: number,
): AsyncGenerator<AuditEvent[]> {
  const where = auditWhere(principal, query);
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const rows = await auditRows(
      db,
      and(
        where,
        after
          ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    ).limit(batchSize);
    if (rows.length > 0) yield rows.map(toAuditEvent);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursorAt, id: last.row.id };
  }
}
