import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { ok, routeOf } from '../../core/endpoint';
import { DOCS } from './reports.openapi';
import { sql } from 'drizzle-orm';
import { COMPLETENESS_MSG, type Verdict } from '@portal/contracts/completeness';
import type { RouteDeps } from '../../core/deps';
import { conflict, notFound } from '../../core/errors';
import { principalOf } from '../../core/principal';
import { writeScope } from '../../core/scope';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordSkipsAccepted } from '../agent';
import { recordAudit } from '../audit';
import { accountIn, type ReportScope } from './reports.scope';

interface Accepted {
  mailboxId: string;
  acceptedSkippedItems: number;
  verdict: Verdict;
  changed: boolean;
}

interface LockedMailbox {
  id: string;
  job_id: string;
  source_mailbox: string;
  status: string;
  skipped_items: number;
  accepted_skipped_items: number;
}

/** The mailbox, locked, if its job is in the Admin's write scope (404 otherwise: no hint it exists). */
async function lockReadable(tx: Database, writer: ReportScope, mailboxId: string): Promise<LockedMailbox> {
  const answer: unknown = await tx.execute(sql`
    SELECT mb.id, mb.job_id, mb.source_mailbox, mb.status, mb.skipped_items::float8 AS skipped_items,
      mb.accepted_skipped_items::float8 AS accepted_skipped_items
    FROM mailboxes mb
    JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
    WHERE mb.tenant_id = ${writer.tenantId}::uuid AND mb.id = ${mailboxId}::uuid
      AND ${accountIn(writer, 'j.account_id')}
    FOR UPDATE OF mb`);
  const row = rowsOf<LockedMailbox>(answer)[0];
  if (!row) throw notFound('Mailbox not found');
  return row;
}

/**
 * `POST /Report/mailbox/{mailboxId}/accept-skips` (decision 044): an Admin accepts every item the
 * mailbox skipped, which turns a mailbox that is otherwise complete "Complete with accepted skips".
 * Under the mailbox's row lock: nothing skipped is a 409, a mailbox still in progress a 409, skips
 * already all accepted answer the same without a change or a second audit row (idempotent); else
 * the acceptance and its audit row commit together.
 */
export async function acceptMailboxSkips(deps: RouteDeps, request: FastifyRequest, mailboxId: string) {
  const principal = principalOf(request);
  const writer: ReportScope = { tenantId: principal.tenantId, scope: writeScope(principal) };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<Accepted> => {
    const mailbox = await lockReadable(tx, writer, mailboxId);
    if (mailbox.skipped_items <= 0) throw conflict(COMPLETENESS_MSG.nothingToAccept);
    if (mailbox.status === 'InProgress' || mailbox.status === 'NotStarted')
      throw conflict(COMPLETENESS_MSG.stillRunning);
    const changed = mailbox.accepted_skipped_items !== mailbox.skipped_items;
    if (changed) {
      await recordSkipsAccepted(
        tx,
        { tenantId: principal.tenantId, id: mailboxId },
        { accountId: principal.accountId, now },
      );
      // The trail's Target names the mailbox by its address (decision 044).
      await recordAudit(tx, request, 'mailbox.skips.accept', 'success', principal.accountId, now, {
        target: mailbox.source_mailbox,
        mailbox: mailboxId,
        job: mailbox.job_id,
        skippedItems: mailbox.skipped_items,
      });
    }
    const answer: unknown = await tx.execute(sql`
      SELECT verdict FROM mailboxes WHERE tenant_id = ${writer.tenantId}::uuid AND id = ${mailboxId}::uuid`);
    const verdict = rowsOf<{ verdict: Verdict }>(answer)[0]?.verdict ?? 'Incomplete';
    return { mailboxId, acceptedSkippedItems: mailbox.skipped_items, verdict, changed };
  });
}

/** The route, registered by reportsRoutes (Admins only: `reports:accept-skips`). */
export function registerAcceptSkips(app: Parameters<FastifyPluginAsyncZod>[0], deps: RouteDeps): void {
  app.route({
    ...routeOf(LAZY_ENDPOINTS.acceptMailboxSkips, DOCS.acceptMailboxSkips),
    config: { permission: 'reports:accept-skips' },
    handler: async (request) => ok(await acceptMailboxSkips(deps, request, request.params.mailboxId)),
  });
}
