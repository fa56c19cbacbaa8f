import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { AppDeps } from '../../core/deps';
import { routeOf } from '../../core/endpoint';
import { AppError } from '../../core/errors';
import { ping } from '../../db/client';

const docs = { tags: ['Health'], security: [] as [] };

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.route({
    ...routeOf(ENDPOINTS.health, docs),
    config: { public: true },
    handler: async () => ({ success: true as const, data: { status: 'ok' as const } }),
  });

  app.route({
    ...routeOf(ENDPOINTS.ready, docs),
    config: { public: true },
    handler: async () => {
      try {
        await ping(deps.db);
      } catch {
        throw new AppError(503, 'The database is not reachable.');
      }
      return { success: true as const, data: { status: 'ok' as const } };
    },
  });
};
