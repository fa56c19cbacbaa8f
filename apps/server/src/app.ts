import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Config } from './env';
import type { Clock } from './lib/clock';
import { notFound } from './lib/errors';
import type { SessionPolicy } from './modules/auth/sessions.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerAuthorization } from './plugins/authorize';
import { registerErrorHandler } from './plugins/errors';
import { DOCS_PREFIX, registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

/** What every route handler may use; built once at start (and by the tests). */
export interface AppDeps {
  db: Database;
  config: Config;
  clock: Clock;
  sessionPolicy: SessionPolicy;
}

/** Never logged: passwords, tokens, codes and session headers, wherever they appear. */
export const REDACTED_PATHS = [
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

export async function buildApp(
  deps: AppDeps,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: deps.config.TRUST_PROXY,
    // The spec writes both `/Report` and `/report/job/{id}/pdf`: API paths match in any case.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  registerAuthorization(app, deps, (url) => url.toLowerCase().startsWith(DOCS_PREFIX));

  app.setNotFoundHandler(async (request) => {
    throw notFound(`No API route ${request.method} ${request.url.split('?')[0]}.`);
  });

  // The API, one line per module: this list is the table of contents of the server.
  await app.register(healthRoutes, { prefix: '/api', deps });
  await app.register(authRoutes, { prefix: '/api/User', deps });

  await registerSpa(app, deps.config.WEB_DIST_DIR);
  return app;
}
