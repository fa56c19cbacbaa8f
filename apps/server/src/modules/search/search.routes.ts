import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { DOCS } from './search.openapi';
import { searchFor } from './search.queries';

/** `GET /Search` (decision 048): every signed-in role, each in its own scope; a `read` key too. */
export const searchRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  app.route({
    ...routeOf(LAZY_ENDPOINTS.search, DOCS.search),
    config: { permission: 'dashboard:read' },
    handler: async (request) => ok(await searchFor(deps.db, principalOf(request), request.query.q)),
  });
};
