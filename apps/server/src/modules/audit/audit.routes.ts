import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { listAuditEvents } from './audit.queries';

const tags = ['Audit trail'];

/** The audit trail (decision 025): `GET /Audit`. */
export const auditRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.route({
    ...routeOf(ENDPOINTS.audit, {
      tags,
      summary: 'Read one page of the audit trail',
      description:
        'Security events, newest first: sign-ins and their failures, 2FA, password changes and resets, role, ' +
        'status, pool and transfer changes, EULA acceptance, license issue, allocation and revocation. ' +
        "A SuperAdmin reads every organisation's, an Admin or Auditor its own organisation's. " +
        'Filter by the acting account (accountId, or part of its email), action and a time range [from, to).',
    }),
    config: { permission: 'audit:read' },
    handler: async (request) => {
      const query = request.query;
      return paged(await listAuditEvents(db, principalOf(request), query), query.pageNumber, query.pageSize);
    },
  });
};
