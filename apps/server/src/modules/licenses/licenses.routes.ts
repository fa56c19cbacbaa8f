import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { readScope } from '../../core/scope';
import { auditedChange, csvExportHandler } from '../audit';
import { csvExportDocs, EXPORT_BATCH } from '../../lib/csv';
import { LICENSE_COLUMNS, USAGE_COLUMNS } from './licenses.csv';
import { issuableLots, licenseBatches, listVisibleLicenses, usageReport, usageReportBatches } from '../stock';
import { listProducts } from './licenses.repository';
import { createLicense, type LicenseDeps } from './licenses.service';

const tags = ['Licenses'];

/** Issued lots, the product catalogue, Create License and the SuperAdmin's usage report. */
export const licensesRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const licenseDeps: LicenseDeps = { db, mail: deps.mail, publicUrl: deps.config.PUBLIC_URL };

  app.route({
    ...routeOf(ENDPOINTS.licenses, {
      tags,
      summary: 'List the licenses (lots) visible to the caller',
      description:
        'Newest first. SuperAdmin: every lot. Admin and Auditor: lots issued to an account of their organisation, or of which a pool ' +
        'of their organisation holds units. `search` finds product code or name, customer name or email, order id; ' +
        '`status` (Active, Expired, Exhausted) is computed when read.',
    }),
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
    ...routeOf(ENDPOINTS.exportLicenses, {
      tags,
      summary: 'Export the licenses (lots) visible to the caller as CSV',
      ...csvExportDocs(
        'licenses',
        'Every lot the list shows with the same `search` and `status`, not only one page, in its order (newest ' +
          'first), with the same scope rules.',
      ),
    }),
    config: { permission: 'licenses:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportLicenses, {
      what: 'licenses',
      columns: LICENSE_COLUMNS,
      rows: ({ principal, query: { search, status }, now }) =>
        licenseBatches(db, { scope: readScope(principal), now, search, status }, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.createLicense, {
      tags,
      summary: 'Create a license: a new lot, or a lot drawn from one the caller holds',
      description:
        'A SuperAdmin issues a new lot to the account with customerEmail, creating it as a top-level Admin when new. ' +
        'An Admin issues a new lot drawn from one lot it holds (`sourceLicenseId`, from `GET /License/issuable`; ' +
        'without it, the soonest-expiring held lot of the product, edition and usage type that covers the count and ' +
        'the term) to one of its own users, creating it as its child Admin when new: same product, edition and usage ' +
        'type, a start on or after the held lot’s, an expiry on or before it, at most its available units. The new ' +
        'lot belongs to the customer (Revoke cannot take it back). A refusal changes nothing. A new customer is ' +
        'mailed a link to confirm its address, then its sign-in details (decisions 015 and 029).',
      refusals: {
        400:
          'An unknown product code or edition; (Admin) a product, edition or usage type other than the held lot’s, ' +
          'a start before it or an expiry after it: the message names the date that is possible.',
        409:
          'Admin: customerEmail is its own or that of an account outside its users; more units than the held lot ' +
          'has available (the message says how many it can issue); a held lot that is expired, not started or not ' +
          'held.',
      },
    }),
    config: { permission: 'licenses:create' },
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const created = await auditedChange(
        db,
        request,
        (tx) => createLicense({ ...licenseDeps, db: tx }, principal, request.body, now),
        (done) => ({
          event: 'license.create',
          actor: principal.accountId,
          at: now,
          detail: {
            customer: done.customerId,
            customerCreated: done.customerCreated,
            groupKey: done.groupKey,
            quantity: done.quantity,
            license: done.licenseId,
            ...(done.sourceLicenseId ? { sourceLicense: done.sourceLicenseId } : {}),
          },
        }),
      );
      return ok('License created successfully', created);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.issuableLicenses, {
      tags,
      summary: 'List the lots the caller can issue a new lot from (Admin)',
      description:
        'The lots the caller holds in its own Default pool that have started, have not expired and have units ' +
        'available, by product, then soonest expiry (perpetual last). A lot issued from one keeps its product, ' +
        'edition and usage type, starts on or after its startDate, ends on or before its expiryDate and counts at ' +
        'most `available` units (decision 029).',
    }),
    config: { permission: 'licenses:issue-held' },
    handler: async (request) => ok(await issuableLots(db, principalOf(request).accountId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.products, {
      tags,
      summary: 'List the product catalogue',
      description: 'Each product’s code, name, description and editions.',
    }),
    config: { permission: 'licenses:read' },
    handler: async () => ok(await listProducts(db)),
  });

  app.route({
    ...routeOf(ENDPOINTS.usageReport, {
      tags: ['License usage report'],
      summary: 'List units held per account and product (SuperAdmin)',
      description:
        'One row per account and product: what the pools the account owns hold. available leaves expired lots out; ' +
        'total = available + in transit + consumed. `SearchTerm` finds account name or email and product code or ' +
        'name; `filters=productCode:MBX` (repeatable). Ordered by account name, then product name.',
    }),
    config: { permission: 'usage-report:read' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      const page = await usageReport(db, { ...usageFilters(request.query, clock.now()), pageNumber, pageSize });
      return paged(page, pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportUsageReport, {
      tags: ['License usage report'],
      summary: 'Export the units held per account and product as CSV (SuperAdmin)',
      ...csvExportDocs(
        'license-usage',
        'Every row the report shows with the same `SearchTerm` and `filters`, not only one page, in its order ' +
          '(account name, then product name).',
      ),
    }),
    config: { permission: 'usage-report:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportUsageReport, {
      what: 'license-usage',
      columns: USAGE_COLUMNS,
      rows: ({ query, now }) => usageReportBatches(db, usageFilters(query, now), EXPORT_BATCH),
    }),
  });
};

/** The usage report's filters as its query gives them: `filters=productCode:MBX` names a product. */
const usageFilters = (query: { SearchTerm?: string | undefined; filters: string[] }, now: Date) => ({
  now,
  search: query.SearchTerm,
  productCodes: query.filters.map((filter) => filter.slice(filter.indexOf(':') + 1)),
});
