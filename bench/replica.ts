import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openPostgres } from '../apps/server/src/db/client';
import { openReplica, type ReadReplica } from '../apps/server/src/db/replica';
import { seedDemoOrganisation } from '../apps/server/src/demo-seed';
import { loadConfig } from '../apps/server/src/env';
import { systemClock } from '../apps/server/src/lib/clock';
import { createMailer } from '../apps/server/src/lib/mailer';
import { startStandbyCluster } from '../apps/server/test/standby-cluster';

/**
 * Reads on a replica (decision 040), `npm run bench:replica`: a primary and its streaming standby of
 * the run's own (Debian's tools, a temporary folder), the demo organisation, then in one run,
 * alternating request by request: the report pages through the read handle on the standby and on
 * the primary; then how long a commit on the primary takes to be seen on the standby, and the lag
 * the health check reports meanwhile. Needs PostgreSQL 15's binaries; as root, runs them as postgres.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const PASSWORD = 'correct-horse-battery-staple';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function app(handle: ReturnType<typeof openPostgres>, replica: ReadReplica | undefined, dir: string) {
  const config = loadConfig({ DATABASE_URL: 'postgres://unused@localhost/x', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const built = await buildApp({
    db: handle.db,
    config,
    clock: systemClock,
    sessionPolicy: { idleMinutes: 30, maxHours: 12 },
    mailer: createMailer({ from: config.MAIL_FROM, dataDir: dir }),
    notices: handle.notices,
    ...(replica ? { replica } : {}),
  });
  await built.ready();
  return built;
}

async function timed(target: FastifyInstance, token: string, body: object): Promise<number> {
  const start = performance.now();
  const res = await target.inject({
    method: 'POST',
    url: '/api/Report',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`report: ${res.statusCode} ${res.body}`);
  return performance.now() - start;
}

async function main(): Promise<void> {
  const cluster = await startStandbyCluster();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-replica-'));
  const setup = new pg.Client({ connectionString: cluster.primaryUrl('postgres') });
  await setup.connect();
  await setup.query('CREATE DATABASE portal');
  await setup.end();
  const handle = openPostgres(cluster.primaryUrl('portal'), 10);
  const replica = openReplica({
    url: cluster.standbyUrl('portal'),
    primary: handle.pool as pg.Pool,
    maxLagSeconds: 30,
  });
  const apps: FastifyInstance[] = [];
  try {
    await handle.migrate();
    await seedDemoOrganisation(handle.db, PASSWORD);
    const viaReplica = await app(handle, replica, dir);
    const viaPrimary = await app(handle, undefined, dir);
    apps.push(viaReplica, viaPrimary);
    const login = await viaPrimary.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'admin@example.com', password: PASSWORD },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    await viaPrimary.inject({
      method: 'POST',
      url: '/api/User/accept-eula',
      headers: { authorization: `Bearer ${token}` },
    });
    for (let i = 0; i < 100 && !(await replica.check()).inUse; i += 1) await new Promise((r) => setTimeout(r, 100));
    say(`replica: ${JSON.stringify(replica.status())}`);

    for (const body of [
      { viewType: 'Job', pageSize: 25 },
      { viewType: 'User', pageSize: 25 },
      { viewType: 'Machine', pageSize: 25 },
    ]) {
      const times = { replica: [] as number[], primary: [] as number[] };
      for (let i = 0; i < 20; i += 1)
        await Promise.all([timed(viaReplica, token, body), timed(viaPrimary, token, body)]);
      for (let i = 0; i < ROUNDS; i += 1) {
        times.replica.push(await timed(viaReplica, token, body));
        times.primary.push(await timed(viaPrimary, token, body));
      }
      say(
        `POST /api/Report ${body.viewType}: replica p50 ${ms(quantile(times.replica, 0.5))} p95 ${ms(quantile(times.replica, 0.95))}` +
          ` | primary p50 ${ms(quantile(times.primary, 0.5))} p95 ${ms(quantile(times.primary, 0.95))}`,
      );
    }
    say(`fallbacks to the primary during the run: ${replica.status().fallbacks}`);

    // A commit on the primary, then the standby polled until it shows it.
    const standby = new pg.Client({ connectionString: cluster.standbyUrl('portal') });
    await standby.connect();
    const seen: number[] = [];
    const lags: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const name = `Renamed ${i}`;
      // Committed as production commits (the test cluster's default is synchronous_commit = off).
      const writer = await (handle.pool as pg.Pool).connect();
      try {
        await writer.query('BEGIN');
        await writer.query('SET LOCAL synchronous_commit = on');
        await writer.query(`UPDATE accounts SET name = $1 WHERE email = 'user@example.com'`, [name]);
        await writer.query('COMMIT');
      } finally {
        writer.release();
      }
      const start = performance.now();
      for (;;) {
        const { rows } = await standby.query(`SELECT 1 FROM accounts WHERE email = 'user@example.com' AND name = $1`, [
          name,
        ]);
        if (rows.length > 0) break;
      }
      seen.push(performance.now() - start);
      if (i % 10 === 0) lags.push((await replica.check()).lagSeconds ?? Number.NaN);
    }
    await standby.end();
    say(
      `a commit seen on the standby after: p50 ${ms(quantile(seen, 0.5))} p99 ${ms(quantile(seen, 0.99))} max ${ms(Math.max(...seen))}`,
    );
    say(`lag reported by the health check meanwhile (s): ${lags.map((lag) => lag.toFixed(3)).join(' ')}`);

    // The standby stopped: the first report pays for the refused connection and its retry.
    await cluster.stopStandby();
    const job = { viewType: 'Job', pageSize: 25 };
    const first = await timed(viaReplica, token, job);
    const after: number[] = [];
    for (let i = 0; i < 50; i += 1) after.push(await timed(viaReplica, token, job));
    say(
      `standby stopped: first report ${ms(first)} (fallbacks ${replica.status().fallbacks}), ` +
        `then p50 ${ms(quantile(after, 0.5))}; ${replica.status().reason}`,
    );
  } finally {
    for (const each of apps) await each.close();
    await replica.close();
    await handle.close();
    await cluster.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
