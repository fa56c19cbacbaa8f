import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_KEY_MSG } from '@portal/contracts/api-keys';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { createApiKey, revokeApiKey } from '../../core/api-keys';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { conflict, notFound } from '../../core/errors';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import type { ApiKeyRow } from '../../db/schema';
import { auditedChange } from '../audit';
import { emitWebhookEvent } from '../webhooks';
import { findApiKey, listApiKeys } from './api-keys.queries';
import { DOCS } from './api-keys.openapi';

const config = { permission: 'api-keys:manage' as const };

/** What a webhook is told of a key: never the key, nor its hash. */
const keyEvent = (row: ApiKeyRow) => ({
  keyId: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  ownerId: row.accountId,
  expiresAt: row.expiresAt.toISOString(),
});

/** API keys (decision 032): an Admin's or User's own, and an Admin's view of its organisation's. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const pepper = deps.config.API_KEY_PEPPER;

  app.route({
    ...routeOf(ALL_ENDPOINTS.apiKeys, DOCS.apiKeys),
    config,
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listApiKeys(db, principalOf(request), request.query, clock.now()), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.createApiKey, DOCS.createApiKey),
    config,
    handler: async (request) => {
      const { accountId } = principalOf(request);
      const now = clock.now();
      const { row, key } = await auditedChange(
        db,
        request,
        async (tx) => {
          const made = await createApiKey(tx, { accountId, ...request.body, now, pepper });
          await emitWebhookEvent(tx, 'apikey.created', [accountId], keyEvent(made.row), now);
          return made;
        },
        ({ row }) => ({
          event: 'apikey.create',
          actor: accountId,
          at: now,
          detail: { key: row.id, keyName: row.name, scopes: row.scopes.join(', ') },
        }),
      );
      const { id, name, prefix, scopes } = row;
      return ok(API_KEY_MSG.created, { id, name, prefix, key, scopes, expiresAt: row.expiresAt.toISOString() });
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.revokeApiKey, DOCS.revokeApiKey),
    config,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const keyId = request.params.id;
      const found = await findApiKey(db, principal, keyId, now);
      if (!found) throw notFound(API_KEY_MSG.notFound);
      await auditedChange(
        db,
        request,
        async (tx) => {
          const row = await revokeApiKey(tx, keyId, principal.accountId, now);
          if (!row) throw conflict(API_KEY_MSG.alreadyRevoked);
          await emitWebhookEvent(
            tx,
            'apikey.revoked',
            [row.accountId],
            { ...keyEvent(row), revokedBy: principal.accountId },
            now,
          );
        },
        () => ({
          event: 'apikey.revoke',
          actor: principal.accountId,
          at: now,
          detail: { key: keyId, keyName: found.name, target: found.ownerId },
        }),
      );
      return ok(API_KEY_MSG.revoked, { ...found, status: 'Revoked' as const, revokedAt: now.toISOString() });
    },
  });
};
