import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { AppDeps } from '../core/deps';
import { unauthorized } from '../core/errors';
import { rowsOf } from '../db/rows';
import { stockMovementCounts } from '../core/counters';
import { queueDepths } from '../core/work-queue';

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
 * the background work and the stock movements this instance wrote.
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

  registerReplicaMetrics(registry, deps);

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

  registerWorkMetrics(registry, app, deps);

  counterFrom(
    registry,
    'portal_stock_movements_total',
    'Stock movements written by this instance, by action (issue, allocate, revoke, reserve, consume, release...)',
    ['action'],
    () => [...stockMovementCounts].map(([action, count]) => [{ action }, count]),
  );
}

/** The read replica (decision 040): in use or skipped, how far behind, and the queries it passed back. */
function registerReplicaMetrics(registry: client.Registry, deps: AppDeps): void {
  const replica = deps.replica;
  if (!replica) return;
  new client.Gauge({
    name: 'portal_db_replica_in_use',
    help: 'Whether reports read from the replica (1) or, the replica being unreachable or too far behind, from the primary (0)',
    registers: [registry],
    collect() {
      this.set(replica.status().inUse ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'portal_db_replica_lag_seconds',
    help: "How stale the replica's data is at most, at the last health check; NaN when it could not be measured (unreachable)",
    registers: [registry],
    collect() {
      const lag = replica.status().lagSeconds;
      this.set(lag ?? Number.NaN);
    },
  });
  counterFrom(
    registry,
    'portal_db_replica_fallbacks_total',
    'Queries the replica failed (connection lost, conflict with recovery) that the primary answered instead',
    [],
    () => [[{}, replica.status().fallbacks]],
  );
}

/**
 * The background work (decision 034): each queued kind's rows by state, shared by every instance;
 * this instance's attempts by kind and outcome; and each periodic task's failures in a row and
 * last success.
 */
function registerWorkMetrics(registry: client.Registry, app: FastifyInstance, deps: AppDeps): void {
  new client.Gauge({
    name: 'portal_queue_jobs',
    help: 'Queued background work (shared by every instance), by kind (mail, webhook) and state: pending, or dead (retries spent)',
    labelNames: ['kind', 'state'],
    registers: [registry],
    async collect() {
      const depths = await queueDepths(
        deps.db,
        app.queues.map((runner) => runner.kind),
      );
      for (const { kind, state, count } of depths) this.set({ kind, state }, count);
    },
  });
  counterFrom(
    registry,
    'portal_queue_attempts_total',
    'Attempts made by this instance, by kind and outcome: done, retried (failed, to be tried again) or dead (failed, retries spent)',
    ['kind', 'outcome'],
    () =>
      app.queues.flatMap((runner) =>
        (['done', 'retried', 'dead'] as const).map((outcome): [Record<string, string>, number] => [
          { kind: runner.kind.name, outcome },
          runner.counts[outcome],
        ]),
      ),
  );
  const tasks = async () =>
    rowsOf<{ name: string; failures: number; succeeded: number | null }>(
      await deps.db.execute(sql`
        SELECT name, failures, extract(epoch FROM last_succeeded_at)::float8 AS succeeded FROM scheduled_tasks`),
    );
  new client.Gauge({
    name: 'portal_scheduled_task_failures',
    help: 'Failed runs in a row of each periodic task (shared by every instance); 0 after a success',
    labelNames: ['task'],
    registers: [registry],
    async collect() {
      for (const row of await tasks()) this.set({ task: row.name }, row.failures);
    },
  });
  new client.Gauge({
    name: 'portal_scheduled_task_last_success_seconds',
    help: 'When each periodic task last succeeded, in Unix seconds (on any instance)',
    labelNames: ['task'],
    registers: [registry],
    async collect() {
      for (const row of await tasks()) if (row.succeeded !== null) this.set({ task: row.name }, row.succeeded);
    },
  });
}

/**
 * Prometheus metrics at /api/metrics, for the scraper that holds METRICS_TOKEN as its bearer
 * token; without the variable the route does not exist. Request durations by route and status,
 * the database pool, rate-limit refusals, the session cache, the background work and stock movements
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
