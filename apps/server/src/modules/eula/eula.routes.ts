import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptEulaRequestSchema, eulaSchema } from '@portal/contracts/auth';
import { envelope } from '@portal/contracts/envelope';
import type { RouteDeps } from '../../app';
import { accounts } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { principalOf } from '../../plugins/authorize';
import { CURRENT_EULA } from './eula';

const open = { permission: 'self:read', beforeEula: true } as const;

/** The agreement: read it, accept it (time and version recorded), or decline it (logged). */
export const eulaRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.get(
    '/eula',
    {
      config: open,
      schema: { tags: ['EULA'], summary: 'The agreement in force', response: { 200: envelope(eulaSchema) } },
    },
    async () => ({ success: true as const, data: CURRENT_EULA }),
  );

  app.post(
    '/accept-eula',
    {
      config: open,
      schema: {
        tags: ['EULA'],
        summary: 'Accept the agreement in force',
        description: 'Until it is accepted every business call answers 403. A stale `version` is a 409.',
        body: acceptEulaRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const version = request.body?.version;
      if (version !== undefined && version !== CURRENT_EULA.version) {
        throw conflict('A newer version of the agreement is in force. Please read it again.');
      }
      await db
        .update(accounts)
        .set({ eulaAcceptedAt: now, eulaVersion: CURRENT_EULA.version })
        .where(eq(accounts.id, principal.accountId));
      audit(request.log, 'eula.accept', 'success', principal.accountId, now, { version: CURRENT_EULA.version });
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/decline-eula',
    {
      config: open,
      schema: {
        tags: ['EULA'],
        summary: 'Record that the agreement was declined',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      audit(request.log, 'eula.decline', 'refused', principal.accountId, clock.now(), {
        version: CURRENT_EULA.version,
      });
      return { success: true as const, data: null };
    },
  );
};
