import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import type { RouteDeps } from '../../core/deps';
import { routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { csvExportDocs, EXPORT_BATCH } from '../../lib/csv';
import { csvExportHandler } from './audit.export';
import { AUDIT_COLUMNS } from './audit.csv';
import { auditBatches, listAuditEvents } from './audit.queries';

const tags = ['Audit trail'];

/** The audit trail (decision 025): `GET /Audit`. */
export const auditRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  // The trail's page stays on the primary; its export reads from the replica while it is healthy
  // (decision 040). The export's own row is written on the primary.
  const { db, reportsDb } = deps;

  app.route({
    ...routeOf(ALL_ENDPOINTS.audit, {
      tags,
      summary: 'Read one page of the audit trail',
      description:
        'Security events, newest first: sign-ins and their failures, 2FA, password changes and resets, role, ' +
        'status, pool and transfer changes, EULA acceptance, license issue, allocation and revocation, exports. ' +
        "A SuperAdmin reads every organisation's, an Admin or Auditor its own organisation's. " +
        'Filter by the acting account (accountId, or part of its email), action and a time range [from, to).',
    }),
    config: { permission: 'audit:read' },
    handler: async (request) => {
      const query = request.query;
      return paged(await listAuditEvents(db, principalOf(request), query), query.pageNumber, query.pageSize);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.exportAudit, {
      tags,
      summary: 'Export the audit trail as CSV',
      ...csvExportDocs(
        'audit-trail',
        'Every event the trail shows with the same filters (accountId, email, action, [from, to)), not only one ' +
          'page, newest first, with the same scope: a SuperAdmin every organisation, an Admin or Auditor its own. ' +
          'The export itself is written to the trail first (data.export).',
      ),
    }),
    config: { permission: 'audit:read' },
    handler: csvExportHandler(deps, ALL_ENDPOINTS.exportAudit, {
      what: 'audit-trail',
      columns: AUDIT_COLUMNS,
      rows: ({ principal, query }) => auditBatches(reportsDb, principal, query, EXPORT_BATCH),
    }),
  });
};
