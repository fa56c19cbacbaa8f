import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { SSO_MSG } from '@portal/contracts/sso';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { hit } from '../../core/rate-limit';
import type { Database } from '../../db/client';
import { auditInside } from '../audit';
import { testDiscovery } from './sso.provider';
import { readSettings, requireTopAdmin, saveSettings, type SsoDeps } from './sso.settings';
import { perAddress, registerSignInRoutes } from './sso.signin-routes';

const tags = ['Single sign-on'];
const topAdmin = { permission: 'sso:manage' } as const;
/** Discovery, keys and the token call each have this long. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Single sign-on with OpenID Connect per organisation (decision 038): the top Admin's settings and
 * "Test connection"; the browser's start, the provider's callback and the web app's exchange of
 * its one-time code for the session `POST /User/login` would have answered.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const sso: SsoDeps = {
    db,
    sessionPolicy: deps.sessionPolicy,
    mail: deps.mail,
    secrets: deps.secrets ?? null,
    access: { allowPrivate: config.SSO_ALLOW_PRIVATE_ISSUERS, timeoutMs: PROVIDER_TIMEOUT_MS },
    redirectUri: new URL(`/api${ALL_ENDPOINTS.ssoCallback.path}`, config.PUBLIC_URL).href,
  };

  app.route({
    ...routeOf(ALL_ENDPOINTS.ssoSettings, {
      tags,
      summary: "Read the organisation's single sign-on",
      description:
        'The identity provider (issuer, client id), the email domains it owns, the role of accounts made at a ' +
        'first sign-in, enforcement and the break-glass Admin. Never the client secret: only `hasClientSecret`. ' +
        'Only the Admin at the top of its organisation.',
      refusals: { 403: 'Not the Admin at the top of its organisation.' },
    }),
    config: topAdmin,
    handler: async (request) => ok(await readSettings(sso, requireTopAdmin(principalOf(request)))),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.updateSsoSettings, {
      tags,
      summary: "Save the organisation's single sign-on",
      description:
        'The client secret is sealed under SECRETS_KEY and never answered; leave it out to keep the stored one. ' +
        'A domain belongs to one organisation only. With `enforced`, accounts of the domains cannot sign in with ' +
        'a password, except the break-glass Admin (`breakGlassAccountId`, required then).',
      refusals: {
        400: 'A domain of another organisation, a break-glass account that is not an active Admin of the organisation, or no secret on the first save.',
        403: 'Not the Admin at the top of its organisation.',
        409: 'The server has no SECRETS_KEY.',
      },
    }),
    config: topAdmin,
    handler: async (request) => {
      const principal = principalOf(request);
      const tenantId = requireTopAdmin(principal);
      const now = clock.now();
      const audit = auditInside(request, () => ({
        event: 'sso.settings',
        actor: principal.accountId,
        at: now,
        detail: { domains: request.body.domains.length, enforced: request.body.enforced },
      }));
      const saved = await saveSettings(sso, tenantId, request.body, now, (tx: Database) => audit.write(tx, undefined));
      audit.log();
      return ok(SSO_MSG.saved, saved);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.testSso, {
      tags,
      summary: "Test an issuer's discovery",
      description:
        "Fetches the issuer's `/.well-known/openid-configuration` through the server's guard against request " +
        'forgery (https only, no private or metadata addresses unless SSO_ALLOW_PRIVATE_ISSUERS) and answers what ' +
        'it found, or why it failed (`ok: false`).',
      refusals: { 403: 'Not the Admin at the top of its organisation.' },
    }),
    config: topAdmin,
    handler: async (request) => {
      requireTopAdmin(principalOf(request));
      await hit(db, perAddress(config, 'test', request.ip), clock.now());
      return ok(await testDiscovery(sso.access, request.body.issuer));
    },
  });

  registerSignInRoutes(app, sso, deps);
};
