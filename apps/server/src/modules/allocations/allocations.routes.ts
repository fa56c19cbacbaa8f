import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { sendKept } from '../../core/read-cache';
import { viewedAccountOf } from '../../core/scope';
import { csvExportHandler } from '../audit';
import { availableSummary, childSummary, mySummary, mySummaryBatches, poolSummary } from './allocations.queries';
import { allocationHierarchy, dashboardSectionBatches } from './dashboard.queries';
import { EXPORT_BATCH } from '../../lib/csv';
import { allocateUnits, revokeUnits } from './allocations.handlers';
import { DOCS } from './allocations.openapi';
import { DASHBOARD_COLUMNS, MY_SUMMARY_COLUMNS } from './allocations.csv';

const read = { permission: 'allocations:read' } as const;
const write = { permission: 'allocations:write' } as const;

/**
 * Allocating stock and revoking it (`LicenseAllocation/...`), the views of the caller's stock and
 * the dashboard's allocation hierarchy. Every unit moves through modules/stock.
 */
export const allocationsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.allocate, DOCS.allocate),
    config: write,
    handler: (request) => allocateUnits(deps, request, request.body),
  });

  app.route({
    ...routeOf(ENDPOINTS.revoke, DOCS.revoke),
    config: write,
    handler: (request) => revokeUnits(deps, request, request.body, request.query.allowPartialRevocation),
  });

  app.route({
    ...routeOf(ENDPOINTS.availableSummary, DOCS.availableSummary),
    config: read,
    handler: async (request) => ok(await availableSummary(db, principalOf(request), clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.mySummary, DOCS.mySummary),
    config: read,
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await mySummary(db, principalOf(request), request.query, clock.now()), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMySummary, DOCS.exportMySummary),
    config: read,
    handler: csvExportHandler(deps, ENDPOINTS.exportMySummary, {
      what: 'license-allocations',
      columns: MY_SUMMARY_COLUMNS,
      rows: ({ principal, query, now }) => mySummaryBatches(db, principal, query, now, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.childSummary, DOCS.childSummary),
    config: read,
    handler: async (request) => ok(await childSummary(db, principalOf(request), request.params.childId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.poolSummary, DOCS.poolSummary),
    config: read,
    handler: async (request) => ok(await poolSummary(db, principalOf(request), request.query.poolId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.allocationHierarchy, DOCS.allocationHierarchy),
    config: { permission: 'dashboard:read' },
    // The screen every user lands on: kept written in memory per account until its organisation's
    // stock, pools or accounts change (core/read-cache.ts).
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const now = clock.now();
      const read = async () => {
        const { hierarchy, validUntil } = await allocationHierarchy(db, principal, now);
        // Written by the route's own serializer (its contract's, a string: core/serializer.ts), as
        // Fastify would on send.
        return { body: reply.serialize(ok(hierarchy)) as string, validUntil };
      };
      const key = `hierarchy:${viewedAccountOf(principal)}`;
      // Already written by the contract's serializer: the JSON (or its gzip) is sent as it is.
      const answer = app.readCache
        ? await app.readCache.through(principal.tenantId, key, now.getTime(), read)
        : await read();
      return sendKept(request, reply, answer);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportDashboard, DOCS.exportDashboard),
    config: { permission: 'dashboard:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportDashboard, {
      what: ({ query }) => `dashboard-${query.section}`,
      columns: ({ query }) => DASHBOARD_COLUMNS[query.section],
      rows: ({ principal, query, now }) => dashboardSectionBatches(db, principal, query, now, EXPORT_BATCH),
    }),
  });
};
