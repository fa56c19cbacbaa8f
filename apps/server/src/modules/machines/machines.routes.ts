import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { writeScope } from '../../core/scope';
import { auditedChange } from '../audit';
import { releaseMachine, setMachineBlocked } from '../agent';
import { machineDetail } from './machines.detail';
import { DOCS } from './machines.openapi';

const manage = { permission: 'machines:manage' as const };

/** The Admin acting, in its organisation and write scope, at the server's now. */
function adminOf(deps: RouteDeps, request: FastifyRequest) {
  const principal = principalOf(request);
  const { accountId, tenantId } = principal;
  return { accountId, tenantId, scope: writeScope(principal), now: deps.clock.now() };
}

/**
 * The Machine View's calls (decision 045): a machine's detail for every reader of the reports; its
 * release, block and unblock for an Admin, each with its audit row in the change's transaction.
 */
export const machinesRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.route({
    ...routeOf(LAZY_ENDPOINTS.machineDetail, DOCS.machineDetail),
    config: { permission: 'reports:read' },
    handler: async (request) => ok(await machineDetail(db, principalOf(request), request.params.machineId)),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.releaseMachine, DOCS.releaseMachine),
    config: manage,
    handler: async (request) => {
      const who = adminOf(deps, request);
      const released = await auditedChange(
        db,
        request,
        (tx) => releaseMachine(tx, who, request.body),
        (done) => ({
          event: 'machine.release',
          actor: who.accountId,
          at: who.now,
          detail: { target: done.name, machine: done.id, machineName: done.name, units: done.released },
        }),
      );
      return ok(released);
    },
  });

  for (const [endpoint, blocked] of [
    ['blockMachine', true],
    ['unblockMachine', false],
  ] as const) {
    app.route({
      ...routeOf(LAZY_ENDPOINTS[endpoint], DOCS[endpoint]),
      config: manage,
      handler: async (request) => {
        const who = adminOf(deps, request);
        const { changed: _changed, ...machine } = await auditedChange(
          db,
          request,
          (tx) => setMachineBlocked(tx, who, request.body.machineName, blocked),
          (done) => ({
            event: blocked ? 'machine.block' : 'machine.unblock',
            actor: who.accountId,
            at: who.now,
            detail: { target: done.name, machine: done.id, machineName: done.name, changed: done.changed },
          }),
        );
        return ok(machine);
      },
    });
  }
};
