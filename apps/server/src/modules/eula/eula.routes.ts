import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { stampEulaAccepted } from '../../core/accounts';
import { auditedChange, recordAudit } from '../audit';
import { conflict } from '../../core/errors';
import { principalOf } from '../../core/principal';
import { CURRENT_EULA } from '../../core/eula';

const open = { permission: 'self:read', beforeEula: true } as const;
const tags = ['EULA'];

/** The agreement: read it, accept it (time and version recorded), or decline it (logged). */
export const eulaRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.eula, { tags, summary: 'Read the end-user license agreement in force' }),
    config: open,
    handler: async () => ok(CURRENT_EULA),
  });

  app.route({
    ...routeOf(ENDPOINTS.acceptEula, {
      tags,
      summary: 'Accept the agreement in force',
      description: 'Until it is accepted every business call answers 403. A stale `version` is a 409.',
      refusals: { 409: 'A newer version of the agreement is in force than the `version` sent.' },
    }),
    config: open,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const version = request.body?.version;
      if (version !== undefined && version !== CURRENT_EULA.version) {
        throw conflict('A newer version of the agreement is in force. Please read it again.');
      }
      await auditedChange(
        db,
        request,
        (tx) => stampEulaAccepted(tx, principal.accountId, CURRENT_EULA.version, now),
        () => ({
          event: 'eula.accept',
          actor: principal.accountId,
          at: now,
          detail: { version: CURRENT_EULA.version },
        }),
      );
      return ok(null);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.declineEula, { tags, summary: 'Decline the agreement in force (recorded)' }),
    config: open,
    handler: async (request) => {
      const principal = principalOf(request);
      await recordAudit(db, request, 'eula.decline', 'refused', principal.accountId, clock.now(), {
        version: CURRENT_EULA.version,
      });
      return ok(null);
    },
  });
};
