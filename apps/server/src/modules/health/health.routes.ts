import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { AppDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { AppError } from '../../core/errors';
import { ping } from '../../db/client';
import { migrationsApplied } from '../../db/migrations';

const docs = { tags: ['Health'], security: [] as [] };

/**
 * Liveness (the process answers) and readiness: the database answers and holds every migration
 * this build ships. While the server shuts down, every request, readiness included, is a 503
 * (registerShutdownRefusal in plugins/errors.ts, from the moment app.close() begins), so a load
 * balancer stops sending work here before the listener closes.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Once applied, migrations stay applied: checked until the first yes, then only the database is.
  let migrated = false;

  app.route({
    ...routeOf(ENDPOINTS.health, { ...docs, summary: 'Check that the process answers (liveness)' }),
    config: { public: true },
    handler: async () => ok({ status: 'ok' as const }),
  });

  app.route({
    ...routeOf(ENDPOINTS.ready, {
      ...docs,
      summary: 'Check that the database answers and is migrated (readiness)',
      refusals: {
        503: 'The database is not reachable or not migrated to this version yet, or the server is shutting down.',
      },
    }),
    config: { public: true },
    handler: async () => {
      try {
        await ping(deps.db);
        migrated ||= await migrationsApplied(deps.db);
      } catch {
        throw new AppError(503, 'The database is not reachable.');
      }
      if (!migrated) throw new AppError(503, 'The database is not migrated to this version yet.');
      return ok({ status: 'ok' as const });
    },
  });
};
