import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { ReportResult } from '@portal/contracts/reports';
import type { RouteDeps } from '../../core/deps';
import { routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import type { Principal } from '../../core/session';
import type { Database } from '../../db/client';
import { folderReport, mailboxReport, readableJob } from './reports.drill-down';
import { jobReport } from './reports.jobs';
import { machineReport, userReport } from './reports.machines-users';
import { contentDisposition, writeJobPdf } from './reports.pdf';
import { reportScopeOf } from './reports.scope';

const tags = ['Migration reports'];

type ReportBody = (typeof ENDPOINTS.report.body)['_zod']['output'];

/** One page of the view the body names, in the caller's scope. */
async function report(db: Database, principal: Principal, body: ReportBody): Promise<ReportResult> {
  switch (body.viewType) {
    case 'Machine':
      return { viewType: 'Machine', ...(await machineReport(db, reportScopeOf(principal), body)) };
    case 'User':
      return { viewType: 'User', ...(await userReport(db, reportScopeOf(principal), body)) };
    case 'Job':
      return { viewType: 'Job', ...(await jobReport(db, principal, body)) };
    case 'Mailbox':
      return { viewType: 'Mailbox', ...(await mailboxReport(db, principal, body)) };
    case 'Folder':
      return { viewType: 'Folder', ...(await folderReport(db, principal, body)) };
  }
}

/** The migration reports: the five views of `POST /Report` and a job's PDF. */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.report, {
      tags,
      summary: 'Read one page of a migration report',
      description:
        'By Machine, User, Job, Mailbox (of a jobId) or Folder (of a mailboxId). ' +
        "Rows of the caller's scope, newest start first. Job may be narrowed to a userId and/or a machineName; " +
        'an id outside the scope answers 404. Page sizes are capped per view.',
      refusals: { 404: "A jobId, mailboxId or userId outside the caller's scope." },
    }),
    // A read sent as POST (the spec's shape): nothing for the session cache to wait for.
    config: { permission: 'reports:read', keepsSessions: true },
    handler: async (request) => ({
      success: true as const,
      data: await report(db, principalOf(request), request.body),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.jobReportPdf, {
      tags,
      summary: "Download a job's report as a PDF",
      description:
        "A cover with the job and its totals, a table of its mailboxes, then each mailbox's folders. " +
        'The file name is in content-disposition. A job outside the scope answers 404 in the JSON envelope.',
      success: {
        status: 200,
        description: 'The PDF, streamed.',
        mediaType: 'application/pdf',
        headers: { 'Content-Disposition': 'attachment, with the file name: `Migration_Report_<job name>.pdf`.' },
      },
      refusals: { 404: "No such job in the caller's scope." },
    }),
    config: { permission: 'reports:read' },
    handler: async (request, reply) => {
      const job = await readableJob(db, reportScopeOf(principalOf(request)), request.params.jobId);
      // Past this point the answer has begun: a failure can only cut the stream, so it is logged.
      const out = new PassThrough();
      writeJobPdf(db, job, out, clock.now()).catch((error: unknown) => {
        request.log.error({ err: error, job: job.summary.id }, 'job report PDF failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(job.summary.name, job.summary.id))
        .send(out);
    },
  });
};
