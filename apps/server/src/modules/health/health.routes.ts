import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/contracts/envelope';
import type { AppDeps } from '../../app';
import { ping } from '../../db/client';
import { AppError } from '../../lib/errors';

const healthSchema = envelope(z.object({ status: z.literal('ok') }));

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['Health'], security: [], response: { 200: healthSchema } } },
    async () => ({ success: true as const, data: { status: 'ok' as const } }),
  );

  app.get(
    '/ready',
    { config: { public: true }, schema: { tags: ['Health'], security: [], response: { 200: healthSchema } } },
    async () => {
      try {
        await ping(deps.db);
      } catch {
        throw new AppError(503, 'The database is not reachable.');
      }
      return { success: true as const, data: { status: 'ok' as const } };
    },
  );
};
