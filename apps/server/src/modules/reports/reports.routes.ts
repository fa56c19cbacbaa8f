import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { ReportResult } from '@portal/contracts/reports';
import { EXPORT_BATCH } from '../../lib/csv';
import { csvExportHandler } from '../audit';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import type { Principal } from '../../core/session';
import type { Database } from '../../db/client';
import { folderReport, mailboxReport, readableJob } from './reports.drill-down';
import { jobReport } from './reports.jobs';
import { machineReport, userReport } from './reports.machines-users';
import { contentDisposition, writeJobPdf } from './reports.pdf';
import { reportScopeOf } from './reports.scope';
import { jobTimeline } from './reports.timeline';
import { FOLDER_COLUMNS, JOB_COLUMNS, MACHINE_COLUMNS, MAILBOX_COLUMNS, pagesOf, USER_COLUMNS } from './reports.csv';
import { DOCS } from './reports.openapi';

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

/**
 * The migration reports: the five views of `POST /Report`, each as CSV, and a job's PDF. They read
 * from the replica while it is healthy (`reportsDb`, decision 040); a PDF's access check runs on the
 * primary (`db`), its pages on the replica.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, reportsDb: replica, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.report, DOCS.report),
    // A read sent as POST (the spec's shape): nothing for the session cache to wait for.
    config: { permission: 'reports:read', keepsSessions: true },
    handler: async (request) => ok(await report(replica, principalOf(request), request.body)),
  });

  app.route({
    ...routeOf(ENDPOINTS.jobTimeline, DOCS.jobTimeline),
    config: { permission: 'reports:read' },
    handler: async (request) => ok(await jobTimeline(replica, principalOf(request), request.params.jobId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.jobReportPdf, DOCS.jobReportPdf),
    config: { permission: 'reports:read' },
    handler: async (request, reply) => {
      const job = await readableJob(db, reportScopeOf(principalOf(request)), request.params.jobId);
      // Past this point the answer has begun: a failure can only cut the stream, so it is logged.
      const out = new PassThrough();
      writeJobPdf(replica, job, out, { now: clock.now(), timeZone: request.query.timeZone }, deps.cpu).catch(
        (error: unknown) => {
          request.log.error({ err: error, job: job.summary.id }, 'job report PDF failed');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(job.summary.name, job.summary.id))
        .send(out);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMachineReport, DOCS.exportMachineReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportMachineReport, {
      what: 'report-machines',
      columns: MACHINE_COLUMNS,
      rows: ({ principal }) => pagesOf((page) => machineReport(replica, reportScopeOf(principal), page), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportUserReport, DOCS.exportUserReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportUserReport, {
      what: 'report-users',
      columns: USER_COLUMNS,
      rows: ({ principal }) => pagesOf((page) => userReport(replica, reportScopeOf(principal), page), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportJobReport, DOCS.exportJobReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportJobReport, {
      what: 'report-jobs',
      columns: JOB_COLUMNS,
      rows: ({ principal, query }) =>
        pagesOf((page) => jobReport(replica, principal, { ...query, ...page }), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMailboxReport, DOCS.exportMailboxReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportMailboxReport, {
      what: 'report-mailboxes',
      columns: MAILBOX_COLUMNS,
      rows: ({ principal, params: { jobId } }) =>
        pagesOf((page) => mailboxReport(replica, principal, { jobId, ...page }), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportFolderReport, DOCS.exportFolderReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportFolderReport, {
      what: 'report-folders',
      columns: FOLDER_COLUMNS,
      rows: ({ principal, params: { mailboxId } }) =>
        pagesOf((page) => folderReport(replica, principal, { mailboxId, ...page }), EXPORT_BATCH),
    }),
  });
};
