import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { callerOf, completeJobHandler, registerMachineHandler, startJobHandler } from './agent.handlers';
import { completeMailbox, reportProgress, startMailbox } from './agent.mailboxes';
import { DOCS } from './agent.openapi';

// The agent writes migration data and stock, never a session or an account (plugins/authorize.ts).
const config = { permission: 'agent:write' as const, keepsSessions: true };

/**
 * The migration tool's calls (docs/product.md#the-api). Machine registration, job start and job
 * end write an audit line; the per-mailbox calls are recorded by the rows they write and, for every
 * license unit they move, by the movement ledger with its actor and time.
 */
export const agentRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.route({
    ...routeOf(ALL_ENDPOINTS.agentRegisterMachine, DOCS.agentRegisterMachine),
    config,
    handler: (request) => registerMachineHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.agentStartJob, DOCS.agentStartJob),
    config,
    handler: (request) => startJobHandler(deps, request, request.body),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.agentStartMailbox, DOCS.agentStartMailbox),
    config,
    handler: async (request) => {
      const mailbox = await startMailbox(db, callerOf(deps, request), request.params.jobId, request.body);
      return ok(mailbox);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.agentMailboxProgress, DOCS.agentMailboxProgress),
    config,
    handler: async (request) => {
      const mailbox = await reportProgress(db, callerOf(deps, request), request.params.mailboxId, request.body);
      return ok(mailbox);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.agentCompleteMailbox, DOCS.agentCompleteMailbox),
    config,
    handler: async (request) => {
      const mailbox = await completeMailbox(db, callerOf(deps, request), request.params.mailboxId, request.body);
      return ok(mailbox);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.agentCompleteJob, DOCS.agentCompleteJob),
    config,
    handler: (request) => completeJobHandler(deps, request, request.params.jobId, request.body),
  });
};
