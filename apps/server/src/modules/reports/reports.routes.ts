import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { ReportResult } from '@portal/contracts/reports';
import { EXPORT_BATCH } from '../../lib/csv';
import { csvExportHandler } from '../audit';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import type { Principal } from '../../core/session';
import type { Database } from '../../db/client';
import { folderReport, mailboxReport } from './reports.drill-down';
import { jobReport } from './reports.jobs';
import { machineReport, userReport } from './reports.machines-users';
import { registerPdfRoutes } from './reports.pdf-routes';
import { reportScopeOf } from './reports.scope';
import { jobTimeline } from './reports.timeline';
import { FOLDER_COLUMNS, JOB_COLUMNS, MACHINE_COLUMNS, MAILBOX_COLUMNS, pagesOf, USER_COLUMNS } from './reports.csv';
import { DOCS } from './reports.openapi';
import { registerAcceptSkips } from './reports.accept-skips';

type ReportBody = (typeof ALL_ENDPOINTS.report.body)['_zod']['output'];

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
 * The migration reports: the five views of `POST /Report`, each as CSV, a job's PDF and one mailbox's. They read
 * from the replica while it is healthy (`reportsDb`, decision 040); a PDF's access check runs on the
 * primary (`db`), its pages on the replica.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { reportsDb: replica, clock } = deps;

  app.route({
    ...routeOf(ALL_ENDPOINTS.report, DOCS.report),
    // A read sent as POST (the spec's shape): nothing for the session cache to wait for.
    config: { permission: 'reports:read', keepsSessions: true },
    handler: async (request) => ok(await report(replica, principalOf(request), request.body)),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.jobTimeline, DOCS.jobTimeline),
    config: { permission: 'reports:read' },
    handler: async (request) => ok(await jobTimeline(replica, principalOf(request), request.params.jobId, clock.now())),
  });

  registerPdfRoutes(app, deps);

  app.route({
    ...routeOf(ALL_ENDPOINTS.exportMachineReport, DOCS.exportMachineReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ALL_ENDPOINTS.exportMachineReport, {
      what: 'report-machines',
      columns: MACHINE_COLUMNS,
      rows: ({ principal }) => pagesOf((page) => machineReport(replica, reportScopeOf(principal), page), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.exportUserReport, DOCS.exportUserReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ALL_ENDPOINTS.exportUserReport, {
      what: 'report-users',
      columns: USER_COLUMNS,
      rows: ({ principal }) => pagesOf((page) => userReport(replica, reportScopeOf(principal), page), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.exportJobReport, DOCS.exportJobReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, ALL_ENDPOINTS.exportJobReport, {
      what: 'report-jobs',
      columns: JOB_COLUMNS,
      rows: ({ principal, query }) =>
        pagesOf((page) => jobReport(replica, principal, { ...query, ...page }), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.exportMailboxReport, DOCS.exportMailboxReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, LAZY_ENDPOINTS.exportMailboxReport, {
      what: 'report-mailboxes',
      columns: MAILBOX_COLUMNS,
      rows: ({ principal, params: { jobId }, query }) =>
        pagesOf((page) => mailboxReport(replica, principal, { jobId, ...query, ...page }), EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.exportFolderReport, DOCS.exportFolderReport),
    config: { permission: 'reports:read' },
    handler: csvExportHandler(deps, LAZY_ENDPOINTS.exportFolderReport, {
      what: 'report-folders',
      columns: FOLDER_COLUMNS,
      rows: ({ principal, params: { mailboxId }, query }) =>
        pagesOf((page) => folderReport(replica, principal, { mailboxId, ...query, ...page }), EXPORT_BATCH),
    }),
  });

  registerAcceptSkips(app, deps);
};
