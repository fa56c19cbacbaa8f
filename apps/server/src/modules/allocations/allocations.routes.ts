import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { AllocationResult } from '@portal/contracts/licenses';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { auditedChange, csvExportHandler } from '../audit';
import { allocate, type AllocationOutcome, revoke } from '../stock';
import { availableSummary, childSummary, mySummary, mySummaryBatches, poolSummary } from './allocations.queries';
import { allocationHierarchy, dashboardSectionBatches } from './dashboard.queries';
import { csvExportDocs, EXPORT_BATCH } from '../../lib/csv';
import { DASHBOARD_COLUMNS, MOVEMENT_COLUMNS, MY_SUMMARY_COLUMNS } from './allocations.csv';
import { listMovements, movementBatches } from './movements.queries';
import { consumptionSeries } from './consumption.queries';

const tags = ['License allocation'];
const read = { permission: 'allocations:read' } as const;
const write = { permission: 'allocations:write' } as const;

function resultOf(result: AllocationOutcome): AllocationResult {
  return {
    targetId: result.target.id,
    targetName: result.target.name,
    targetType: result.target.type,
    items: result.items.map((i) => ({
      groupKey: i.groupKey,
      productCode: i.productCode,
      requested: i.quantity,
      moved: i.moved,
    })),
  };
}

const units = (result: AllocationResult, key: 'requested' | 'moved') =>
  result.items.reduce((sum, item) => sum + item[key], 0);

/**
 * Handing stock on and taking it back (`LicenseAllocation/...`), the views of the caller's stock,
 * the dashboard's allocation hierarchy and the License Movement list. Every unit moves through
 * modules/stock.
 */
export const allocationsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.allocate, {
      tags,
      summary: 'Allocate units of the caller’s own stock to a child or a shared pool',
      description:
        "Target: with isUser, a direct child (its Default pool); otherwise one of the caller's shared pools; " +
        'any other id is a 404. Soonest-expiring lots first, expired never; all or nothing: asking for more ' +
        'than is available is a 409 naming the product and what is available. allowPartialRevocation is ' +
        'accepted and ignored.',
      refusals: {
        400: 'No product, a product group picked twice, or a product code that does not match its group.',
        404: 'The target is neither a direct child nor one of the caller’s shared pools.',
        409: 'Fewer units are available than asked for: the message names the product and what is available.',
      },
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const result = await auditedChange(
        db,
        request,
        async (tx) =>
          resultOf(
            await allocate(tx, {
              actorId: principal.accountId,
              targetId: request.body.targetId,
              isUser: request.body.isUser,
              items: request.body.productAllocations,
              now,
            }),
          ),
        (done) => ({
          event: 'stock.allocate',
          actor: principal.accountId,
          at: now,
          detail: { target: done.targetId, units: units(done, 'moved') },
        }),
      );
      return ok('Licenses allocated successfully', result);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.revoke, {
      tags,
      summary: 'Revoke available units from a child or a shared pool',
      description:
        'Only units the caller handed on can come back, in the same lot order. With ' +
        'allowPartialRevocation=true what is available is taken, up to the quantity, and `moved` says how ' +
        'many; without it a shortfall is a 409 and nothing moves.',
      refusals: {
        400: 'No product, a product group picked twice, or a product code that does not match its group.',
        404: 'The target is neither a direct child nor one of the caller’s shared pools.',
        409: 'Without allowPartialRevocation: fewer units can be taken back than asked for.',
      },
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const result = await auditedChange(
        db,
        request,
        async (tx) =>
          resultOf(
            await revoke(tx, {
              actorId: principal.accountId,
              targetId: request.body.targetId,
              isUser: request.body.isUser,
              items: request.body.productAllocations,
              partial: request.query.allowPartialRevocation,
              now,
            }),
          ),
        (done) => ({
          event: 'stock.revoke',
          actor: principal.accountId,
          at: now,
          detail: { target: done.targetId, units: units(done, 'moved') },
        }),
      );
      const moved = units(result, 'moved');
      const requested = units(result, 'requested');
      const message =
        moved === requested
          ? 'Licenses revoked successfully'
          : `Licenses revoked successfully: ${moved} of ${requested} revoked, the rest was not available.`;
      return ok(message, result);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.availableSummary, {
      tags,
      summary: 'List what the caller can allocate now',
      description:
        "The caller's own Default pool's available units by product group. Expired lots and groups with nothing " +
        'available are left out.',
    }),
    config: read,
    handler: async (request) => ok(await availableSummary(db, principalOf(request), clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.mySummary, {
      tags,
      summary: "List the caller's own Default pool by product group",
      description: 'Paged. `search` matches product code, name or edition; allocatedCount is what was handed on.',
    }),
    config: read,
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await mySummary(db, principalOf(request), request.query, clock.now()), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMySummary, {
      tags,
      summary: "Export the caller's own Default pool by product group as CSV",
      ...csvExportDocs(
        'license-allocations',
        'Every group the License Allocations list shows with the same `search`, not only one page, in its order.',
      ),
    }),
    config: read,
    handler: csvExportHandler(deps, ENDPOINTS.exportMySummary, {
      what: 'license-allocations',
      columns: MY_SUMMARY_COLUMNS,
      rows: ({ principal, query, now }) => mySummaryBatches(db, principal, query, now, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.childSummary, {
      tags,
      summary: 'Read what a child account holds',
      description:
        'The child, the pool it draws from and what its own Default pool holds. The child must be below the ' +
        'caller in its read scope; any other id is a 404.',
      refusals: { 404: 'No such account below the caller in its read scope.' },
    }),
    config: read,
    handler: async (request) => ok(await childSummary(db, principalOf(request), request.params.childId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.poolSummary, {
      tags,
      summary: 'Read what one pool holds by product group',
      description:
        "A pool owned inside the caller's read scope, or the shared pool the caller draws from; any other id is a 404.",
      refusals: { 404: 'No such pool in the caller’s read scope.' },
    }),
    config: read,
    handler: async (request) => ok(await poolSummary(db, principalOf(request), request.query.poolId, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.allocationHierarchy, {
      tags: ['License pools'],
      summary: 'Read the dashboard’s allocation hierarchy',
      description:
        "The caller's Default pool, its shared pools, its children and the pool it draws from. An Auditor " +
        'sees the hierarchy of the organisation it audits (its parent). Pools and children ' +
        'without stock are listed with empty productAllocations.',
    }),
    config: { permission: 'dashboard:read' },
    handler: async (request) => ok(await allocationHierarchy(db, principalOf(request), clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportDashboard, {
      tags: ['License pools'],
      summary: 'Export one section of the dashboard as CSV',
      ...csvExportDocs(
        'dashboard-<section>',
        "One section of the caller's dashboard, every row: `own` (Dashboard: its Default pool), `account` " +
          '(Account Pool: the shared pool it draws from), `shared` (Shared Pool Licenses) or `users` (Users ' +
          'Licenses: its direct children). The same accounts and pools as the hierarchy (an Auditor: the ' +
          'organisation it audits); `search` matches product code, name or edition, and in `users` the ' +
          "child's name or email.",
      ),
    }),
    config: { permission: 'dashboard:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportDashboard, {
      what: ({ query }) => `dashboard-${query.section}`,
      columns: ({ query }) => DASHBOARD_COLUMNS[query.section],
      rows: ({ principal, query, now }) => dashboardSectionBatches(db, principal, query, now, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.movements, {
      tags: ['License movements'],
      summary: 'List the stock movements in the caller’s scope',
      description:
        'Newest first. SuperAdmin: all. Admin and Auditor: movements into or out of pools owned in their read scope, or ' +
        'made by an account there. User: movements of its own Default pool or the shared pool it draws ' +
        'from, or made by it. `search` matches product, target and source pool; `action` filters.',
    }),
    config: { permission: 'movements:read' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listMovements(db, principalOf(request), request.query), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.consumption, {
      tags: ['License movements'],
      summary: 'Read the units consumed per day and product (the dashboard’s consumption chart)',
      description:
        'The Consume movements of the movement list (the same scope rules) over the last `days` days (30 or 90, ' +
        'today included), summed per UTC day and product: one point per day, oldest first, days without a ' +
        'movement at 0.',
    }),
    config: { permission: 'movements:read' },
    handler: async (request) => ok(await consumptionSeries(db, principalOf(request), request.query.days, clock.now())),
  });

  app.route({
    ...routeOf(ENDPOINTS.exportMovements, {
      tags: ['License movements'],
      summary: 'Export the stock movements in the caller’s scope as CSV',
      ...csvExportDocs(
        'movements',
        'Every movement the list shows with the same `search` and `action`, not only one page, in its order ' +
          '(newest first), with the same scope rules.',
      ),
    }),
    config: { permission: 'movements:read' },
    handler: csvExportHandler(deps, ENDPOINTS.exportMovements, {
      what: 'movements',
      columns: MOVEMENT_COLUMNS,
      rows: ({ principal, query }) => movementBatches(db, principal, query, EXPORT_BATCH),
    }),
  });
};
