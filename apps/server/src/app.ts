import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { inputObject } from '@portal/contracts/fields';
import type { AppDeps, RouteDeps } from './core/deps';
import { createCpuPool } from './core/cpu-pool';
import { MailQueue } from './core/mail-outbox';
import { TaskScheduler } from './core/scheduled-tasks';
import type { AnyQueueRunner } from './core/work-queue';
import { SecretBox } from './lib/secret-box';
import { AccountImportRunner, accountsRoutes } from './modules/accounts';
import { agentRoutes } from './modules/agent';
import { machinesRoutes } from './modules/machines';
import { apiKeysRoutes } from './modules/api-keys';
import { WebhookDispatcher, webhooksRoutes } from './modules/webhooks';
import { searchRoutes } from './modules/search';
import { BulkRunner, bulkRoutes } from './modules/bulk';
import { viewsRoutes } from './modules/views';
import { alertsRoutes, registerAlertScheduler } from './modules/alerts';
import { allocationsRoutes } from './modules/allocations';
import { movementsRoutes } from './modules/movements';
import { auditRoutes } from './modules/audit';
import { emailValidationRoutes } from './modules/email-validation';
import { eulaRoutes } from './modules/eula';
import { forecastRoutes } from './modules/forecast';
import { healthRoutes } from './modules/health';
import { licensesRoutes } from './modules/licenses';
import { passwordRoutes } from './modules/passwords';
import { poolsRoutes } from './modules/pools';
import { reportsRoutes } from './modules/reports';
import { signInRoutes } from './modules/sessions';
import { ssoRoutes } from './modules/sso';
import { twoFactorRoutes } from './modules/two-factor';
import { traceRoutes } from './modules/trace';
import { registerAuthorization } from './plugins/authorize';
import { registerMetrics } from './plugins/metrics';
import { registerRequestId, requestIdOf } from './plugins/request-id';
import { clientErrorHandler, frameworkErrors, registerErrorHandler, registerShutdownRefusal } from './plugins/errors';
import { DOCS_PREFIX, registerOpenApi } from './plugins/openapi';
import { QuietRequestLog, registerRequestLoggers } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSerializer } from './plugins/serializer';
import { registerSpa, WEB_APP_ROUTE } from './plugins/spa';

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
  '*.code',
  '*.secret',
  '*.otpauthUrl',
  '*.recoveryCodes',
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

/**
 * The background work (decision 034): the mail outbox and the webhook deliveries, queued kinds of
 * one runner, and the periodic tasks, which modules and the server add to `app.tasks`. Answers the
 * routes' dependencies, which include the mail queue and the secrets' box.
 */
function registerBackgroundWork(app: FastifyInstance, deps: AppDeps): RouteDeps {
  const mail = new MailQueue(deps.db, deps.mailer, app.log, deps.mailQueue);
  app.addHook('onReady', () => mail.start());
  // A request that wrote mail has committed by the time it is answered: send it right away.
  app.addHook('onResponse', async () => {
    if (mail.fresh) mail.kick();
  });
  app.addHook('onClose', async () => {
    await mail.stop();
    deps.mailer.close();
  });
  const secrets = deps.secrets ?? (deps.config.SECRETS_KEY ? new SecretBox(deps.config.SECRETS_KEY) : null);
  // CPU work off the request thread (decision 039): its threads end with the app.
  const { CPU_WORKER_THREADS, CPU_BACKGROUND_NICE } = deps.config;
  const cpu = CPU_WORKER_THREADS > 0 ? createCpuPool(CPU_WORKER_THREADS, CPU_BACKGROUND_NICE) : null;
  if (cpu) app.addHook('onClose', () => cpu.close());
  app.decorate('cpu', cpu);
  const routeDeps: RouteDeps = { ...deps, mail, secrets, cpu, reportsDb: deps.replica?.db ?? deps.db };
  // The replica's health check (decision 040), which logs each change of state.
  const replica = deps.replica;
  if (replica) {
    app.addHook('onReady', async () => replica.start(app.log));
    app.addHook('onClose', async () => replica.stop());
  }
  // Webhook deliveries (decision 033): sent from the database, woken at each commit that wrote one.
  const webhooks = new WebhookDispatcher({
    db: deps.db,
    secrets,
    mail,
    log: app.log,
    notices: deps.notices,
    retrySeconds: deps.config.WEBHOOK_RETRY_SECONDS,
    timeoutMs: deps.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_URLS,
    disableAfterHours: deps.config.WEBHOOK_DISABLE_AFTER_HOURS,
    publicUrl: deps.config.PUBLIC_URL,
    pollMs: deps.webhookPollMs,
    exclusive: deps.mailQueue?.exclusive ?? false,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onReady', () => webhooks.start());
  app.addHook('onClose', () => webhooks.stop());
  // The rows of applied user imports (decision 047), created one transaction each.
  const imports = new AccountImportRunner({
    db: deps.db,
    mail,
    log: app.log,
    publicUrl: deps.config.PUBLIC_URL,
    pollMs: deps.webhookPollMs,
    exclusive: deps.mailQueue?.exclusive ?? false,
  });
  app.decorate('imports', imports);
  app.addHook('onReady', () => imports.start());
  app.addHook('onClose', () => imports.stop());
  // The targets of bulk changes (decision 049), changed one transaction each.
  const bulk = new BulkRunner({
    db: deps.db,
    clock: deps.clock,
    log: app.log,
    pollMs: deps.webhookPollMs,
    exclusive: deps.mailQueue?.exclusive ?? false,
  });
  app.decorate('bulk', bulk);
  app.addHook('onReady', () => bulk.runner.start());
  app.addHook('onClose', () => bulk.runner.stop());
  // The queued kinds, for the metrics.
  app.decorate('queues', [mail.runner, webhooks.runner, imports.runner, bulk.runner] as AnyQueueRunner[]);
  const tasks = new TaskScheduler(deps.db, app.log, { exclusive: deps.mailQueue?.exclusive ?? false });
  app.decorate('tasks', tasks);
  app.addHook('onReady', () => tasks.start());
  app.addHook('onClose', () => tasks.stop());

  return routeDeps;
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
    // The API documents both `/Report` and `/report/job/{id}/pdf`: paths match in any case.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
    logController: new QuietRequestLog(),
    // Answers Fastify and Node would write themselves, made to carry the envelope and headers.
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
    // The load balancer's X-Request-Id when it sends a sane one, else a new one (plugins/request-id.ts).
    genReqId: requestIdOf,
  });
  app.setValidatorCompiler(validatorCompiler);
  registerSerializer(app);
  registerRequestLoggers(app);

  registerRequestId(app);
  registerMetrics(app, deps);
  registerErrorHandler(app, deps.clock);
  refuseUndeclaredInput(app);
  registerSecurityHeaders(app);
  registerShutdownRefusal(app);
  await registerOpenApi(app);
  registerAuthorization(app, deps, (url) => url.toLowerCase().startsWith(DOCS_PREFIX) || url === WEB_APP_ROUTE);

  const routeDeps = registerBackgroundWork(app, deps);

  // The API, one line per module: this list is the table of contents of the server.
  // Their paths come from the contracts' endpoint table (packages/contracts/src/routes.ts).
  const api = { prefix: '/api', deps: routeDeps };
  await app.register(healthRoutes, api);
  await app.register(signInRoutes, api);
  await app.register(twoFactorRoutes, api);
  await app.register(ssoRoutes, api);
  await app.register(passwordRoutes, api);
  await app.register(emailValidationRoutes, api);
  await app.register(eulaRoutes, api);
  await app.register(accountsRoutes, api);
  await app.register(poolsRoutes, api);
  await app.register(licensesRoutes, api);
  await app.register(allocationsRoutes, api);
  await app.register(movementsRoutes, api);
  await app.register(agentRoutes, api);
  await app.register(machinesRoutes, api);
  await app.register(reportsRoutes, api);
  await app.register(traceRoutes, api);
  await app.register(auditRoutes, api);
  await app.register(alertsRoutes, api);
  await app.register(forecastRoutes, api);
  await app.register(apiKeysRoutes, api);
  await app.register(webhooksRoutes, api);
  await app.register(searchRoutes, api);
  await app.register(bulkRoutes, api);
  await app.register(viewsRoutes, api);
  // The daily expiry and low-stock alert mails (decision 027), when the server asks for them.
  if (deps.alerts) registerAlertScheduler(app, routeDeps, deps.alerts);

  await registerSpa(app, deps.config.WEB_DIST_DIR);
  return app;
}
