import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { inputObject } from '@portal/contracts/fields';
import type { Database } from './db/client';
import type { Config } from './env';
import type { Clock } from './lib/clock';
import { type Mailer, MailQueue } from './lib/mailer';
import { notFound } from './lib/errors';
import type { SessionPolicy } from './modules/auth/sessions.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { poolsRoutes } from './modules/pools/pools.routes';
import { passwordRoutes } from './modules/auth/password.routes';
import { eulaRoutes } from './modules/eula/eula.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerAuthorization } from './plugins/authorize';
import { clientErrorHandler, frameworkErrors, registerErrorHandler, registerShutdownRefusal } from './plugins/errors';
import { DOCS_PREFIX, registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

/** What every route handler may use; built once at start (and by the tests). */
export interface AppDeps {
  db: Database;
  config: Config;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  mailer: Mailer;
}

/** What route modules receive: the app's dependencies and the queue that sends mail. */
export interface RouteDeps extends AppDeps {
  mail: MailQueue;
}

/** Never logged: passwords, tokens, codes and session headers, wherever they appear. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.token',
  '*.twoFactorCode',
];

/** Query strings can carry link tokens (`confirm-email?token=`): the log keeps only the path. */
function requestSerializer(req: FastifyRequest) {
  return { method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip };
}

/** The server's logger settings: structured JSON, secrets redacted. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: requestSerializer },
    ...(stream ? { stream } : {}),
  };
}

/** A route that declares no query or body takes none: anything sent is refused, not ignored. */
function refuseUndeclaredInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.toLowerCase().startsWith('/api/') || route.url.toLowerCase().startsWith(DOCS_PREFIX)) return;
    const schema = { ...route.schema, querystring: route.schema?.querystring ?? inputObject({}) };
    if (!schema.body && [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) {
      schema.body = inputObject({}).nullish();
    }
    route.schema = schema;
  });
}

export async function buildApp(
  deps: AppDeps,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  // A hop count trusts that many proxies in front; `true` trusts every X-Forwarded-For hop.
  const trusted = deps.config.TRUST_PROXY;
  const app = Fastify({
    logger,
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    // The spec writes both `/Report` and `/report/job/{id}/pdf`: API paths match in any case.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
    // Answers Fastify and Node would write themselves, made to carry the envelope and headers.
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app, deps.clock);
  refuseUndeclaredInput(app);
  registerSecurityHeaders(app);
  registerShutdownRefusal(app);
  await registerOpenApi(app);
  registerAuthorization(app, deps, (url) => url.toLowerCase().startsWith(DOCS_PREFIX));

  app.setNotFoundHandler(async (request) => {
    throw notFound(`No API route ${request.method} ${request.url.split('?')[0]}.`);
  });

  const mail = new MailQueue(deps.mailer, app.log);
  app.addHook('onClose', async () => {
    await mail.drain();
    deps.mailer.close();
  });
  const routeDeps: RouteDeps = { ...deps, mail };

  // The API, one line per module: this list is the table of contents of the server.
  await app.register(healthRoutes, { prefix: '/api', deps: routeDeps });
  await app.register(authRoutes, { prefix: '/api/User', deps: routeDeps });
  await app.register(passwordRoutes, { prefix: '/api/User', deps: routeDeps });
  await app.register(eulaRoutes, { prefix: '/api/User', deps: routeDeps });
  await app.register(accountsRoutes, { prefix: '/api/User', deps: routeDeps });
  await app.register(poolsRoutes, { prefix: '/api/LicensePool', deps: routeDeps });

  await registerSpa(app, deps.config.WEB_DIST_DIR);
  return app;
}
