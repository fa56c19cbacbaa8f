import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { ReportResult } from '@portal/contracts/reports';
import { csvExportDocs, EXPORT_BATCH } from '../../lib/csv';
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

const exportRefusals = { 404: "A jobId, mailboxId or userId outside the caller's scope." } as const;

/** The migration reports: the five views of `POST /Report`, each as CSV, and a job's PDF. */
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
    handler: async (request) => ok(await report(db, principalOf(request), request.body)),
  });

  app.route({
    ...routeOf(ENDPOINTS.jobTimeline, {
      tags,
      summary: "Read a job's items migrated over time (the job report's chart)",
      description:
        "Derived from the job's mailbox rows (the agent reports counters, not a history): each mailbox's " +
        'migrated items at its end, or at its last progress report while it runs, summed per interval ' +
        '(a minute to a month, at most 48 intervals over the job’s span), with the running total. ' +
        'Same scope as the job report.',
      refusals: { 404: "No such job in the caller's scope." },
    }),
    config: { permission: 'reports:read' },
    handler: async (request) => ok(await jobTimeline(db, principalOf(request), request.params.jobId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.jobReportPdf, {
      tags,
      summary: "Download a job's report as a PDF",
      description:
        "A cover with the job and its totals, a table of its mailboxes, then each mailbox's folders. " +
        'Times are written in `timeZone` (an IANA name; UTC when absent), which the PDF names; an unknown zone is a 400. ' +
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
      writeJobPdf(db, job, out, { now: clock.now(), timeZone: request.query.timeZone }).catch((error: unknown) => {
        request.log.error({ err: error, job: job.summary.id }, 'job report PDF failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(job.summary.name, job.summary.id))
        .send(out);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMachineReport, {
      tags,
      summary: 'Export the Machine view as CSV',
      ...csvExportDocs('report-machines', "Every row of the Machine view in the caller's scope, in its order."),
    }),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportMachineReport, {
      what: 'report-machines',
      columns: MACHINE_COLUMNS,
      rows: ({ principal }) => pagesOf((page) => machineReport(db, reportScopeOf(principal), page), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportUserReport, {
      tags,
      summary: 'Export the User view as CSV',
      ...csvExportDocs('report-users', "Every row of the User view in the caller's scope, in its order."),
    }),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportUserReport, {
      what: 'report-users',
      columns: USER_COLUMNS,
      rows: ({ principal }) => pagesOf((page) => userReport(db, reportScopeOf(principal), page), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportJobReport, {
      tags,
      summary: 'Export the Job view as CSV',
      ...csvExportDocs(
        'report-jobs',
        "Every job of the Job view in the caller's scope, narrowed like it to a `userId` and/or a " +
          '`machineName`, newest start first.',
      ),
      refusals: exportRefusals,
    }),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportJobReport, {
      what: 'report-jobs',
      columns: JOB_COLUMNS,
      rows: ({ principal, query }) => pagesOf((page) => jobReport(db, principal, { ...query, ...page }), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMailboxReport, {
      tags,
      summary: "Export a job's mailboxes as CSV",
      ...csvExportDocs('report-mailboxes', "Every mailbox of the job (in the caller's scope), newest start first."),
      refusals: exportRefusals,
    }),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportMailboxReport, {
      what: 'report-mailboxes',
      columns: MAILBOX_COLUMNS,
      rows: ({ principal, params: { jobId } }) =>
        pagesOf((page) => mailboxReport(db, principal, { jobId, ...page }), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportFolderReport, {
      tags,
      summary: "Export a mailbox's folders as CSV",
      ...csvExportDocs('report-folders', "Every folder of the mailbox (its job in the caller's scope), in its order."),
      refusals: exportRefusals,
    }),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportFolderReport, {
      what: 'report-folders',
      columns: FOLDER_COLUMNS,
      rows: ({ principal, params: { mailboxId } }) =>
        pagesOf((page) => folderReport(db, principal, { mailboxId, ...page }), EXPORT_BATCH),
    }),
  });
};
