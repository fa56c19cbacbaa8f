import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { readScope } from '../../core/scope';
import { csvExportHandler } from '../audit';
import { EXPORT_BATCH } from '../../lib/csv';
import { LICENSE_COLUMNS, USAGE_COLUMNS } from './licenses.csv';
import { issuableLots } from './licenses.issuable';
import { licenseBatches, listVisibleLicenses } from './licenses.queries';
import { usageReport, usageReportBatches } from './usage-report.queries';
import { listProducts } from './licenses.repository';
import { createLicenseHandler } from './licenses.handlers';
import { DOCS } from './licenses.openapi';

/** Issued lots, the product catalogue, Create License and the SuperAdmin's usage report. */
export const licensesRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  // The usage report and its export read from the replica while it is healthy (decision 040).
  const { db, reportsDb, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.licenses, DOCS.licenses),
    config: { permission: 'licenses:read' },
    handler: async (request) => {
      const { pageNumber, pageSize, search, status } = request.query;
      const page = await listVisibleLicenses(db, {
        scope: readScope(principalOf(request)),
        now: clock.now(),
        pageNumber,
        pageSize,
        search,
        status,
      });
      return paged(page, pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportLicenses, DOCS.exportLicenses),
    config: { permission: 'licenses:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportLicenses, {
      what: 'licenses',
      columns: LICENSE_COLUMNS,
      rows: ({ principal, query: { search, status }, now }) =>
        licenseBatches(db, { scope: readScope(principal), now, search, status }, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.createLicense, DOCS.createLicense),
    config: { permission: 'licenses:create' },
    handler: (request) => createLicenseHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(ENDPOINTS.issuableLicenses, DOCS.issuableLicenses),
    config: { permission: 'licenses:issue-held' },
    handler: async (request) => ok(await issuableLots(db, principalOf(request).accountId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.products, DOCS.products),
    config: { permission: 'licenses:read' },
    handler: async () => ok(await listProducts(db)),
  });

  app.route({
    ...routeOf(ENDPOINTS.usageReport, DOCS.usageReport),
    config: { permission: 'usage-report:read' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      const page = await usageReport(reportsDb, { ...usageFilters(request.query, clock.now()), pageNumber, pageSize });
      return paged(page, pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportUsageReport, DOCS.exportUsageReport),
    config: { permission: 'usage-report:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportUsageReport, {
      what: 'license-usage',
      columns: USAGE_COLUMNS,
      rows: ({ query, now }) => usageReportBatches(reportsDb, usageFilters(query, now), EXPORT_BATCH),
    }),
  });
};

/** The usage report's filters as its query gives them: `filters=productCode:MBX` names a product. */
const usageFilters = (query: { SearchTerm?: string | undefined; filters: string[] }, now: Date) => ({
  now,
  search: query.SearchTerm,
  productCodes: query.filters.map((filter) => filter.slice(filter.indexOf(':') + 1)),
});
