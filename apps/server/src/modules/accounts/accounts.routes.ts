import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { csvExportHandler } from '../audit';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { EXPORT_BATCH } from '../../lib/csv';
import { ACCOUNT_COLUMNS, CHILD_COLUMNS } from './accounts.csv';
import {
  allAccountBatches,
  childAccountBatches,
  listAllAccounts,
  listChildAccounts,
  listChildrenWithoutLicenses,
} from './accounts.repository';
import {
  createChildHandler,
  movePoolHandler,
  resetFactorsHandler,
  resetPasswordHandler,
  setRolesHandler,
  setStatusHandler,
  transferHandler,
} from './accounts.handlers';
import { DOCS } from './accounts.openapi';
import { accountImportRoutes } from './accounts.import-routes';

const read = { permission: 'child-accounts:read' } as const;
const write = { permission: 'child-accounts:write' } as const;

/** Child accounts and the SuperAdmin's accounts list: the `User/...` account calls (docs/product.md#the-api). */
export const accountsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.route({
    ...routeOf(LAZY_ENDPOINTS.childAccounts, DOCS.childAccounts),
    config: read,
    handler: async (request) => {
      const page = await listChildAccounts(db, principalOf(request), request.query);
      // Without paging the whole list is one page.
      return paged(page, request.query.pageNumber ?? 1, request.query.pageSize ?? Math.max(page.rows.length, 1));
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.exportChildAccounts, DOCS.exportChildAccounts),
    config: read,
    handler: csvExportHandler(deps, LAZY_ENDPOINTS.exportChildAccounts, {
      what: 'users',
      columns: CHILD_COLUMNS,
      rows: ({ principal, query }) => childAccountBatches(db, principal, query, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.childAccountsWithoutLicenses, DOCS.childAccountsWithoutLicenses),
    config: write,
    handler: async (request) => ok(await listChildrenWithoutLicenses(db, principalOf(request))),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.allAccounts, DOCS.allAccounts),
    config: { permission: 'accounts:read-all' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listAllAccounts(db, request.query), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.exportAllAccounts, DOCS.exportAllAccounts),
    config: { permission: 'accounts:read-all' },
    handler: csvExportHandler(deps, LAZY_ENDPOINTS.exportAllAccounts, {
      what: 'accounts',
      columns: ACCOUNT_COLUMNS,
      rows: ({ query }) => allAccountBatches(db, query, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.createChildAccount, DOCS.createChildAccount),
    config: write,
    handler: (request) => createChildHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.updatePool, DOCS.updatePool),
    config: write,
    handler: (request) => movePoolHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.updateRoles, DOCS.updateRoles),
    config: write,
    handler: (request) => setRolesHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.toggleChildStatus, DOCS.toggleChildStatus),
    config: write,
    handler: (request) => setStatusHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.setChildPassword, DOCS.setChildPassword),
    config: write,
    handler: (request) => resetPasswordHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.resetChildMfa, DOCS.resetChildMfa),
    config: write,
    handler: (request) => resetFactorsHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.updateEmail, DOCS.updateEmail),
    config: write,
    handler: (request) => transferHandler(deps, request, request.body),
  });

  await app.register(accountImportRoutes, { deps });
};
