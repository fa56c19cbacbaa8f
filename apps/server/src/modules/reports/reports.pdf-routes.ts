import { PassThrough, type Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { pdfTimeZone } from '@portal/contracts/reports';
import type { RouteDeps } from '../../core/deps';
import { localeOfRequest } from '../../lib/i18n/locale';
import { routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { readableJob } from './reports.drill-down';
import { DOCS } from './reports.openapi';
import {
  contentDisposition,
  mailboxContentDisposition,
  type PdfContext,
  readableMailbox,
  requesterOf,
  writeJobPdf,
  writeMailboxPdf,
} from './reports.pdf';
import { reportScopeOf } from './reports.scope';

/**
 * Starts writing a report into a stream the reply sends. Past this point the answer has begun: a
 * failure can only cut the stream, so it is logged.
 */
function streamed(
  request: FastifyRequest,
  what: Record<string, string>,
  write: (out: Writable, context: PdfContext) => Promise<void>,
  now: Date,
  asked: string | undefined,
): PassThrough {
  const out = new PassThrough();
  const principal = principalOf(request);
  const timeZone = pdfTimeZone(asked, principal.profile.timeZone);
  // The requester's language (decision 052): an API key's caller only by its own Accept-Language.
  const locale = localeOfRequest(request, principal.apiKey ? null : principal.profile.locale);
  write(out, { now, timeZone, locale, requestedBy: requesterOf(principal, locale) }).catch((error: unknown) => {
    request.log.error({ err: error, ...what }, 'report PDF failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/**
 * The customer report as PDF (issue 24): a job's, and one mailbox's in the same layout. Access is
 * checked on the primary (`db`), the pages read from the replica while it is healthy (decision 040).
 */
export function registerPdfRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: RouteDeps): void {
  const { db, reportsDb: replica, clock } = deps;
  app.route({
    ...routeOf(ALL_ENDPOINTS.jobReportPdf, DOCS.jobReportPdf),
    config: { permission: 'reports:read' },
    handler: async (request, reply) => {
      const job = await readableJob(db, reportScopeOf(principalOf(request)), request.params.jobId);
      const out = streamed(
        request,
        { job: job.summary.id },
        (stream, context) => writeJobPdf(replica, job, stream, context, deps.cpu),
        clock.now(),
        request.query.timeZone,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(job.summary.name, job.summary.id))
        .send(out);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.mailboxReportPdf, DOCS.mailboxReportPdf),
    config: { permission: 'reports:read' },
    handler: async (request, reply) => {
      // The Folders view's scope: the mailbox's job in the caller's scope, else 404.
      const mailbox = await readableMailbox(db, reportScopeOf(principalOf(request)), request.params.mailboxId);
      const out = streamed(
        request,
        { mailbox: mailbox.row.id },
        (stream, context) => writeMailboxPdf(replica, mailbox, stream, context, deps.cpu),
        clock.now(),
        request.query.timeZone,
      );
      const { row, job } = mailbox;
      return reply
        .type('application/pdf')
        .header('content-disposition', mailboxContentDisposition(job.summary.name, row.source_mailbox, row.id))
        .send(out);
    },
  });
}
