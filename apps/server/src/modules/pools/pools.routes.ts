import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { auditedChange, csvExportHandler } from '../audit';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import type { ManageAccountsResult } from '@portal/contracts/pools';
import { csvExportDocs, EXPORT_BATCH } from '../../lib/csv';
import { POOL_COLUMNS } from './pools.csv';
import { createPool, listPools, listPoolUsers, manageAccounts, poolBatches } from './pools.repository';

const tags = ['License pools'];

/** Shared license pools: list, create, members, and moving members (`/LicensePool...`). */
export const poolsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.pools, {
      tags,
      summary: "List the pools of the caller's organisation",
      description: 'Paged; shared pools unless poolType=Default. `search` matches name and description.',
    }),
    config: { permission: 'pools:read' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listPools(db, principalOf(request), request.query, clock.now()), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportPools, {
      tags,
      summary: "Export the pools of the caller's organisation as CSV",
      ...csvExportDocs(
        'pools',
        'Every pool the list shows with the same `poolType` and `search`, not only one page, in its order (by ' +
          'name), with the same scope, and the units each holds summed over its product groups.',
      ),
    }),
    config: { permission: 'pools:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportPools, {
      what: 'pools',
      columns: POOL_COLUMNS,
      rows: ({ principal, query, now }) => poolBatches(db, principal, query, now, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.createPool, {
      tags,
      summary: 'Create a shared pool',
      description: 'Owned by the caller; its name is unique among the caller’s pools.',
      refusals: { 409: 'The caller already has a pool of this name.' },
    }),
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
    ...routeOf(ENDPOINTS.poolUsers, {
      tags,
      summary: 'List the accounts in a pool',
      refusals: { 404: 'No such pool in the caller’s read scope.' },
    }),
    config: { permission: 'pools:read' },
    handler: async (request) => ok(await listPoolUsers(db, principalOf(request), request.params.poolId)),
  });

  app.route({
    ...routeOf(ENDPOINTS.managePoolAccounts, {
      tags,
      summary: 'Add accounts to and remove accounts from a pool',
      description:
        'In one transaction. With allowPartialAssignment the valid moves happen and the refusals are listed; ' +
        'without it any refusal cancels all (409).',
      refusals: {
        400: 'An account both added and removed, or no account at all.',
        404: 'The pool or an account is outside the caller’s scope: nothing moves.',
        409: 'Without allowPartialAssignment: a move was refused, and nothing moves.',
      },
    }),
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
