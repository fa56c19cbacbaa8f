import type { FastifyContextConfig, FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { API_KEY_MSG, isApiKey } from '@portal/contracts/api-keys';
import { hasPermission, keyScopeOf, type Permission } from '@portal/contracts/permissions';
import type { SessionKind } from '../db/schema';
import type { AppDeps } from '../core/deps';
import { ApiKeyRateLimiter, resolveApiKey } from '../core/api-keys';
import { AppError, forbidden, unauthorized } from '../core/errors';
import type { Principal } from '../core/principal';
import { resolveSession } from '../core/session';
import { ReadCache } from '../core/read-cache';
import { SessionCache } from '../core/session-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission of PERMISSIONS that the caller's roles must grant. */
    permission?: Permission;
    /** Open to anyone (sign-in, health, documentation, the web app). */
    public?: boolean;
    /** The session kinds this route accepts; only 'full' unless said. */
    session?: readonly SessionKind[];
    /** Callable before the EULA is accepted (profile, logout, accept). */
    beforeEula?: boolean;
    /**
     * Never changes a session or an account (reports, the agent's calls): no session cache barrier
     * after it, although its method is POST.
     */
    keepsSessions?: boolean;
  }
  interface FastifyInstance {
    /** Sessions in memory, when the app has the database's notices (core/session-cache.ts). */
    sessionCache: SessionCache | null;
    /** Written answers of heavy screens, beside the session cache and forgotten through it (core/read-cache.ts). */
    readCache: ReadCache | null;
    /** Every route as registered, with its guard: what the authorization matrix test walks. */
    routeGuards: RouteGuard[];
  }
}

export interface RouteGuard {
  method: string;
  url: string;
  config: FastifyContextConfig;
  /** What the input tests walk: every request schema must refuse NUL and unknown fields. */
  schema?: FastifySchema;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * The caller behind a bearer token: an API key (told by its prefix, without a lookup) within the
 * scope the route's permission needs (decision 032) and its rate limit, or a session of the
 * route's kind. Null when the token opens nothing.
 */
async function callerOf(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
  keys: { cache: SessionCache | null; limiter: ApiKeyRateLimiter },
): Promise<Principal | null> {
  const config = request.routeOptions.config;
  const now = deps.clock.now();
  if (!isApiKey(token)) {
    const principal = await resolveSession(deps.db, deps.sessionPolicy, token, now, keys.cache ?? undefined);
    return principal && (config.session ?? ['full']).includes(principal.kind) ? principal : null;
  }
  // A key is a full caller: the pending sessions' own calls are not for it.
  if (!(config.session ?? ['full']).includes('full')) return null;
  const seen = { now, ip: request.ip };
  const principal = await resolveApiKey(deps.db, token, seen, keys.cache ?? undefined, deps.config.API_KEY_PEPPER);
  if (!principal?.apiKey) return null;
  request.principal = principal;
  const scope = config.permission ? keyScopeOf(config.permission) : null;
  if (!scope || !principal.apiKey.scopes.includes(scope)) throw forbidden(API_KEY_MSG.scopeRefused);
  const wait = keys.limiter.hit(principal.apiKey.id, now);
  if (wait > 0) {
    throw new AppError(429, 'Too many requests with this API key. Please wait and try again.', undefined, {
      'retry-after': String(wait),
    });
  }
  return principal;
}

/**
 * Deny by default: a route that is neither public nor names a permission stops the server from
 * starting. Every guarded request needs a live session of the route's kind and a role the
 * permission table grants.
 */
export function registerAuthorization(app: FastifyInstance, deps: AppDeps, exempt: (url: string) => boolean): void {
  app.decorateRequest('principal', null);
  const cache =
    deps.notices && deps.config.SESSION_CACHE_SIZE > 0
      ? new SessionCache(deps.notices, deps.config.SESSION_CACHE_SIZE, (err) =>
          app.log.warn({ err }, 'session notices lost: sessions are read from the database until they are back'),
        )
      : null;
  app.decorate('sessionCache', cache);
  app.decorate('readCache', cache ? new ReadCache(cache) : null);
  if (cache) {
    app.addHook('onReady', () => cache.start());
    app.addHook('onClose', () => cache.stop());
    // What a write changed is forgotten here before it is answered (the other instances hear it too).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!SAFE_METHODS.has(request.method) && !request.routeOptions.config.keepsSessions) await cache.barrier();
      return payload;
    });
  }
  const keys = { cache, limiter: new ApiKeyRateLimiter(deps.config.API_KEY_RATE_LIMIT_PER_MINUTE) };
  const routeGuards: RouteGuard[] = [];
  app.decorate('routeGuards', routeGuards);

  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeGuards.push({ method, url: route.url, config, schema: route.schema });
    }
    if (config.public || exempt(route.url)) return;
    if (!config.permission) {
      throw new Error(
        `Route ${[route.method].flat().join(',')} ${route.url} declares no permission: refusing to start.`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !config.permission) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Please sign in to continue.');
    const principal = await callerOf(deps, request, token, keys);
    if (!principal) throw unauthorized();
    // Known before the checks so that a refusal is logged with its caller (plugins/errors.ts).
    request.principal = principal;
    if (!hasPermission(principal.roles, config.permission)) throw forbidden();
    if (!config.beforeEula && !principal.eulaAccepted) {
      throw forbidden('Please accept the end-user license agreement to continue.');
    }
  });
}
