import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { EXPORT_BATCH } from '../../lib/csv';
import { csvExportHandler } from '../audit';
import { consumptionSeries } from './consumption.queries';
import { MOVEMENT_COLUMNS } from './movements.csv';
import { DOCS } from './movements.openapi';
import { listMovements, movementBatches } from './movements.queries';

/** The License Movement list, its export and the dashboard's consumption chart. */
export const movementsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  // The list stays on the primary (it is what a person opens right after an allocation); the chart
  // and the export read from the replica while it is healthy (decision 040).
  const { db, reportsDb, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.movements, DOCS.movements),
    config: { permission: 'movements:read' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listMovements(db, principalOf(request), request.query), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.consumption, DOCS.consumption),
    config: { permission: 'movements:read' },
    handler: async (request) =>
      ok(await consumptionSeries(reportsDb, principalOf(request), request.query.days, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMovements, DOCS.exportMovements),
    config: { permission: 'movements:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportMovements, {
      what: 'movements',
      columns: MOVEMENT_COLUMNS,
      rows: ({ principal, query }) => movementBatches(reportsDb, principal, query, EXPORT_BATCH),
    }),
  });
};
