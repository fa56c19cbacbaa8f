import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { WEBHOOK_MSG } from '@portal/contracts/webhooks';
import type { RouteDeps } from '../../core/deps';
import type { Database } from '../../db/client';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { auditedChange } from '../audit';
import type { FastifyRequest } from 'fastify';
import { DOCS } from './webhooks.openapi';
import { requireSecrets } from './webhooks.secrets';
import {
  checkUrl,
  createWebhook,
  deleteWebhook,
  endpointFor,
  listDeliveries,
  listWebhooks,
  queueTest,
  resend,
  rotateSecret,
  setEnabled,
} from './webhooks.service';

const config = { permission: 'webhooks:manage' as const };

const urlWithoutQuery = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** A change to one endpoint the caller manages, locked, with its audit row (`event`) in one transaction. */
function onEndpoint<T>(
  { db, clock }: RouteDeps,
  request: FastifyRequest & { params: { id: string } },
  event: string,
  change: (tx: Database, endpoint: Awaited<ReturnType<typeof endpointFor>>) => Promise<T>,
): Promise<T> {
  const principal = principalOf(request);
  const work = async (tx: Database) => change(tx, await endpointFor(tx, principal, request.params.id));
  return auditedChange(db, request, work, () => ({
    event,
    actor: principal.accountId,
    at: clock.now(),
    detail: { webhook: request.params.id },
  }));
}

/** Webhooks of an Admin's organisation (decision 033): the endpoints; their deliveries below. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const allowPrivate = deps.config.WEBHOOK_ALLOW_PRIVATE_URLS;

  app.route({
    ...routeOf(ALL_ENDPOINTS.webhooks, DOCS.webhooks),
    config,
    handler: async (request) => ok(await listWebhooks(db, principalOf(request), clock.now())),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.createWebhook, DOCS.createWebhook),
    config,
    handler: async (request) => {
      const principal = principalOf(request);
      const secrets = requireSecrets(deps.secrets);
      await checkUrl(request.body.url, allowPrivate);
      const created = await auditedChange(
        db,
        request,
        (tx) => createWebhook(tx, principal, request.body, secrets),
        (done) => ({
          event: 'webhook.create',
          actor: principal.accountId,
          at: clock.now(),
          // The address without its query, which may carry the receiver's own token.
          detail: { webhook: done.id, url: urlWithoutQuery(request.body.url), events: request.body.events.length },
        }),
      );
      return ok(WEBHOOK_MSG.created, created);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.deleteWebhook, DOCS.deleteWebhook),
    config,
    handler: async (request) => {
      // Answered as it was before it went.
      const gone = await onEndpoint(deps, request, 'webhook.delete', async (tx, endpoint) => {
        const [listed] = await listWebhooks(tx, principalOf(request), clock.now(), endpoint.id);
        await deleteWebhook(tx, endpoint);
        return listed!;
      });
      return ok(WEBHOOK_MSG.deleted, gone);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.rotateWebhookSecret, DOCS.rotateWebhookSecret),
    config,
    handler: async (request) => {
      const secrets = requireSecrets(deps.secrets);
      const rotated = await onEndpoint(deps, request, 'webhook.rotate', (tx, endpoint) =>
        rotateSecret(tx, endpoint, secrets),
      );
      return ok(WEBHOOK_MSG.rotated, rotated);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.enableWebhook, DOCS.enableWebhook),
    config,
    handler: async (request) => {
      const enabled = await onEndpoint(deps, request, 'webhook.enable', async (tx, endpoint) => {
        await setEnabled(tx, endpoint.id, true);
        const [listed] = await listWebhooks(tx, principalOf(request), clock.now(), endpoint.id);
        return listed!;
      });
      return ok(WEBHOOK_MSG.enabled, enabled);
    },
  });

  await app.register(webhookDeliveryRoutes, { deps });
};

/** A test event, an endpoint's deliveries, and a delivery sent again. */
const webhookDeliveryRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ALL_ENDPOINTS.testWebhook, DOCS.testWebhook),
    config,
    handler: async (request) =>
      ok(
        WEBHOOK_MSG.testQueued,
        await onEndpoint(deps, request, 'webhook.test', (tx, endpoint) => queueTest(tx, endpoint, clock.now())),
      ),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.webhookDeliveries, DOCS.webhookDeliveries),
    config,
    handler: async (request) => {
      const endpoint = await endpointFor(db, principalOf(request), request.params.id, false);
      const { pageNumber, pageSize } = request.query;
      return paged(await listDeliveries(db, endpoint.id, request.query), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.resendWebhookDelivery, DOCS.resendWebhookDelivery),
    config,
    handler: async (request) =>
      ok(
        WEBHOOK_MSG.resendQueued,
        await onEndpoint(deps, request, 'webhook.resend', (tx, endpoint) =>
          resend(tx, endpoint, request.params.deliveryId),
        ),
      ),
  });
};
