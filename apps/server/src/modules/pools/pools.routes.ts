import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { auditedChange, csvExportHandler } from '../audit';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import type { ManageAccountsResult } from '@portal/contracts/pools';
import { EXPORT_BATCH } from '../../lib/csv';
import { POOL_COLUMNS } from './pools.csv';
import { createPool, listPools, listPoolUsers, manageAccounts, poolBatches } from './pools.repository';
import { DOCS } from './pools.openapi';

/** Shared license pools: list, create, members, and moving members (`/LicensePool...`). */
export const poolsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(LAZY_ENDPOINTS.pools, DOCS.pools),
    config: { permission: 'pools:read' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listPools(db, principalOf(request), request.query, clock.now()), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.exportPools, DOCS.exportPools),
    config: { permission: 'pools:read' },
    handler: csvExportHandler(deps, LAZY_ENDPOINTS.exportPools, {
      what: 'pools',
      columns: POOL_COLUMNS,
      rows: ({ principal, query, now }) => poolBatches(db, principal, query, now, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.createPool, DOCS.createPool),
    config: { permission: 'pools:write' },
    handler: async (request) => {
      const principal = principalOf(request);
      const pool = await auditedChange(
        db,
        request,
        (tx) => createPool(tx, principal, request.body, clock.now()),
        (done) => ({ event: 'pool.create', actor: principal.accountId, at: clock.now(), detail: { pool: done.id } }),
      );
      return ok(`Pool ${pool.name} created.`, pool);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.poolUsers, DOCS.poolUsers),
    config: { permission: 'pools:read' },
    handler: async (request) => ok(await listPoolUsers(db, principalOf(request), request.params.poolId)),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.managePoolAccounts, DOCS.managePoolAccounts),
    config: { permission: 'pools:write' },
    handler: async (request) => {
      const principal = principalOf(request);
      const result = await auditedChange(
        db,
        request,
        (tx) => manageAccounts(tx, principal, request.body),
        (done) => ({
          event: 'pool.members',
          actor: principal.accountId,
          at: clock.now(),
          detail: {
            pool: request.body.poolId,
            added: done.added.length,
            removed: done.removed.length,
            refused: done.refused.length,
            moved: done.moved.length,
            ...(done.moved.length > 0 ? { movedFrom: movedFrom(done) } : {}),
          },
        }),
      );
      const refused = result.refused.length > 0 ? `, ${result.refused.length} refused` : '';
      const moved =
        result.moved.length > 0 ? ` ${result.moved.length} moved from another pool (${movedFrom(result)}).` : '';
      return ok(`${result.added.length} added, ${result.removed.length} removed${refused}.${moved}`, result);
    },
  });
};

/** The pools the moved accounts left, each named once. */
const movedFrom = (result: ManageAccountsResult) => [...new Set(result.moved.map((m) => m.fromPoolName))].join(', ');
