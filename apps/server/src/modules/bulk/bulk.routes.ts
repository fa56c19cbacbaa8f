import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_MSG } from '@portal/contracts/bulk';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { auditedChange } from '../audit';
import { DOCS } from './bulk.openapi';
import { bulkRows, findBulk, listBulk, summaryOf } from './bulk.queries';
import { createBulk, undoBulk } from './bulk.service';

const write = { permission: 'child-accounts:write' } as const;

/**
 * Bulk changes of users and pools (decision 049): start one (its rows queued for BulkRunner), read
 * its progress and rows, undo a batch of units. An Admin sees the batches it started only.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(LAZY_ENDPOINTS.bulkOperations, DOCS.bulkOperations),
    config: write,
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      const list = await listBulk(db, principalOf(request), pageNumber, pageSize, clock.now());
      return paged(list, pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.createBulk, DOCS.createBulk),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const record = await auditedChange(
        db,
        request,
        (tx) => createBulk(tx, principal, request.body, request.ip, now),
        (made) => ({
          event: 'bulk.start',
          actor: principal.accountId,
          at: now,
          detail: { target: made.summary.slice(0, 200), bulk: made.id, rows: made.total },
        }),
      );
      app.bulk.runner.kick();
      return ok(BULK_MSG.started(record.total), await summaryOf(db, record, now));
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.bulkOperation, DOCS.bulkOperation),
    config: write,
    handler: async (request) =>
      ok(await summaryOf(db, await findBulk(db, principalOf(request), request.params.id), clock.now())),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.bulkRows, DOCS.bulkRows),
    config: write,
    handler: async (request) => {
      const record = await findBulk(db, principalOf(request), request.params.id);
      const { pageNumber, pageSize } = request.query;
      return paged(await bulkRows(db, record.id, request.query), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.undoBulk, DOCS.undoBulk),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const record = await findBulk(db, principal, request.params.id);
      const now = clock.now();
      const undo = await auditedChange(
        db,
        request,
        (tx) => undoBulk(tx, record, request.ip, now),
        (made) => ({
          event: 'bulk.undo',
          actor: principal.accountId,
          at: now,
          detail: { target: record.summary.slice(0, 200), bulk: record.id, undo: made.id, rows: made.total },
        }),
      );
      app.bulk.runner.kick();
      return ok(BULK_MSG.undoStarted(undo.total), await summaryOf(db, undo, now));
    },
  });
};
