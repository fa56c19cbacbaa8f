import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { EXPORT_BATCH } from '../../lib/csv';
import { csvExportHandler } from '../audit';
import { consumptionBatches, lotConsumption } from './trace.consumption';
import { CONSUMPTION_COLUMNS } from './trace.csv';
import { DOCS } from './trace.openapi';
import { mailboxTrace } from './trace.queries';

/**
 * The license trace (decision 046): a mailbox's movements and a lot's consumption, read from the
 * ledger on the replica while it is healthy (decision 040), like the reports they sit in.
 */
export const traceRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { reportsDb } = deps;

  app.route({
    ...routeOf(ENDPOINTS.mailboxTrace, DOCS.mailboxTrace),
    config: { permission: 'reports:read' },
    handler: async (request) => ok(await mailboxTrace(reportsDb, principalOf(request), request.params.mailboxId)),
  });

  app.route({
    ...routeOf(ENDPOINTS.lotConsumption, DOCS.lotConsumption),
    config: { permission: 'licenses:read' },
    handler: async (request) =>
      ok(await lotConsumption(reportsDb, principalOf(request), request.params.licenseId, request.query)),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportLotConsumption, DOCS.exportLotConsumption),
    config: { permission: 'licenses:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportLotConsumption, {
      what: 'lot-consumption',
      columns: CONSUMPTION_COLUMNS,
      rows: ({ principal, params: { licenseId } }) => consumptionBatches(reportsDb, principal, licenseId, EXPORT_BATCH),
    }),
  });
};
