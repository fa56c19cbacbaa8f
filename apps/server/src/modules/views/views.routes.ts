import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SAVED_VIEW_ENDPOINTS, SAVED_VIEW_MSG } from '@portal/contracts/saved-views';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { DOCS } from './views.openapi';
import { listViews } from './views.queries';
import { createView, deleteView, pinView, updateView } from './views.service';

/**
 * A person's own preference, as the profile is (decision 050): every signed-in role, the Auditor
 * too (a view changes no account, pool or stock), and no API key.
 */
const config = { permission: 'self:read' as const };

/** Saved views of the lists (decision 050). */
export const viewsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(SAVED_VIEW_ENDPOINTS.savedViews, DOCS.savedViews),
    config,
    handler: async (request) => ok(await listViews(db, principalOf(request), request.query)),
  });

  app.route({
    ...routeOf(SAVED_VIEW_ENDPOINTS.createSavedView, DOCS.createSavedView),
    config,
    handler: async (request) =>
      ok(SAVED_VIEW_MSG.saved, await createView(db, principalOf(request), request.body, clock.now())),
  });

  app.route({
    ...routeOf(SAVED_VIEW_ENDPOINTS.updateSavedView, DOCS.updateSavedView),
    config,
    handler: async (request) =>
      ok(
        SAVED_VIEW_MSG.updated,
        await updateView(db, principalOf(request), request.params.id, request.body, clock.now()),
      ),
  });

  app.route({
    ...routeOf(SAVED_VIEW_ENDPOINTS.deleteSavedView, DOCS.deleteSavedView),
    config,
    handler: async (request) =>
      ok(SAVED_VIEW_MSG.deleted, await deleteView(db, principalOf(request), request.params.id)),
  });

  app.route({
    ...routeOf(SAVED_VIEW_ENDPOINTS.pinSavedView, DOCS.pinSavedView),
    config,
    handler: async (request) => {
      const { pinned } = request.body;
      const view = await pinView(db, principalOf(request), request.params.id, pinned);
      return ok(pinned ? SAVED_VIEW_MSG.pinned : SAVED_VIEW_MSG.unpinned, view);
    },
  });
};
