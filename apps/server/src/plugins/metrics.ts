import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { AppDeps } from '../core/deps';
import { unauthorized } from '../core/errors';
import { rowsOf } from '../db/rows';
import { stockMovementCounts } from '../core/counters';

export const METRICS_ROUTE = '/api/metrics';

/** Counters kept elsewhere (plain numbers), reported as Prometheus counters by their growth. */
function counterFrom(
  registry: client.Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => [Record<string, string>, number][],
): void {
  const reported = new Map<string, number>();
  new client.Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      for (const [labels, value] of read()) {
        const key = JSON.stringify(labels);
        const delta = value - (reported.get(key) ?? 0);
        if (delta > 0) this.inc(labels, delta);
        reported.set(key, value);
      }
    },
  });
}

function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * What the scrape reads of the server's state when it asks: the database pool, the session cache,
 * the mail outbox and the stock movements this instance wrote.
 */
function registerStateMetrics(registry: client.Registry, app: FastifyInstance, deps: AppDeps): void {
  const pool = deps.poolStats;
  if (pool) {
    new client.Gauge({
      name: 'portal_db_pool_connections',
      help: 'Connections of the PostgreSQL pool, by state (idle, busy) and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'busy' }, total - idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  counterFrom(
    registry,
    'portal_session_cache_lookups_total',
    'Session lookups in memory, by result',
    ['result'],
    () => {
      const stats = app.sessionCache?.stats();
      return stats
        ? [
            [{ result: 'hit' }, stats.hits],
            [{ result: 'miss' }, stats.misses],
          ]
        : [];
    },
  );
  new client.Gauge({
    name: 'portal_session_cache_entries',
    help: 'Sessions held in memory; 0 while the cache is off',
    registers: [registry],
    collect() {
      this.set(app.sessionCache?.stats().size ?? 0);
    },
  });

  new client.Gauge({
    name: 'portal_mail_outbox_messages',
    help: 'Messages of the mail outbox (shared by every instance), by state: pending or failed',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const answer: unknown = await deps.db.execute(sql`
        SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)::int AS pending,
               count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
        FROM mail_outbox`);
      const row = rowsOf<{ pending: number; failed: number }>(answer)[0];
      this.set({ state: 'pending' }, row?.pending ?? 0);
      this.set({ state: 'failed' }, row?.failed ?? 0);
    },
  });

  registerWebhookMetrics(registry, app, deps);

  counterFrom(
    registry,
    'portal_stock_movements_total',
    'Stock movements written by this instance, by action (issue, allocate, revoke, reserve, consume, release...)',
    ['action'],
    () => [...stockMovementCounts].map(([action, count]) => [{ action }, count]),
  );
}

/** The webhook deliveries waiting and given up on, and this instance's attempts (decision 033). */
function registerWebhookMetrics(registry: client.Registry, app: FastifyInstance, deps: AppDeps): void {
  new client.Gauge({
    name: 'portal_webhook_deliveries',
    help: 'Webhook deliveries (shared by every instance), by state: pending or failed (retries spent)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const answer: unknown = await deps.db.execute(sql`
        SELECT count(*) FILTER (WHERE status = 'Pending')::int AS pending,
               count(*) FILTER (WHERE status = 'Failed')::int AS failed
        FROM webhook_deliveries`);
      const row = rowsOf<{ pending: number; failed: number }>(answer)[0];
      this.set({ state: 'pending' }, row?.pending ?? 0);
      this.set({ state: 'failed' }, row?.failed ?? 0);
    },
  });
  counterFrom(
    registry,
    'portal_webhook_attempts_total',
    'Webhook delivery attempts made by this instance, by outcome',
    ['outcome'],
    () => [
      [{ outcome: 'delivered' }, app.webhooks?.sent ?? 0],
      [{ outcome: 'failed' }, app.webhooks?.failed ?? 0],
    ],
  );
}

/**
 * Prometheus metrics at /api/metrics, for the scraper that holds METRICS_TOKEN as its bearer
 * token; without the variable the route does not exist. Request durations by route and status,
 * the database pool, rate-limit refusals, the session cache, the mail outbox and stock movements
 * (README, "Operations").
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  const token = deps.config.METRICS_TOKEN;
  if (!token) return;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const duration = new client.Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an API request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const refused = new client.Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by route pattern',
    labelNames: ['route'],
    registers: [registry],
  });
  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const route = routeOf(request);
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refused.inc({ route });
  });

  registerStateMetrics(registry, app, deps);

  app.get(METRICS_ROUTE, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameToken(given, token)) throw unauthorized();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
