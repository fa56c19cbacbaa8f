import pg from 'pg';
import { DEMO_PASSWORD } from '../e2e/support/browser';
import { type PortalProcess, startPortal } from '../e2e/support/server';
import { measureBundles } from './bundle';
import { load, type LoadFigures, startHelloServer } from './http';
import { measureVolume, seedVolume } from './volume';

/**
 * `npm run bench`: one run, figures printed side by side. The machine is shared and noisy, so the
 * portal is judged by its ratio to a bare Fastify route measured in the same run, alternating.
 * The portal runs on its embedded database, and also on PostgreSQL when BENCH_DATABASE_URL names a
 * server (a fresh database is created there and dropped afterwards).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;
const LOGIN_BUDGET_BYTES = 100 * 1024;
const VOLUME_ACCOUNTS = 10_000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mean = (rows: LoadFigures[], key: keyof LoadFigures) =>
  rows.reduce((sum, row) => sum + row[key], 0) / rows.length;

async function tokenFor(portal: PortalProcess): Promise<string> {
  const res = await fetch(`${portal.url}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  // Business calls wait for the EULA (the demo accounts start without it).
  await fetch(`${portal.url}/api/User/accept-eula`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return token;
}

async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  runs: LoadFigures[];
}

const hello = await startHelloServer();
const portals: PortalProcess[] = [];
let volume: { url: string; token: string } | undefined;
const cleanups: (() => Promise<void>)[] = [];
try {
  const embedded = await startPortal({ DEMO_PASSWORD, LOG_LEVEL: 'warn' });
  portals.push(embedded);
  const targets: Target[] = [
    { name: 'hello-world (bare Fastify)', url: hello.url, headers: {}, runs: [] },
    { name: 'GET /api/health (no database)', url: `${embedded.url}/api/health`, headers: {}, runs: [] },
    {
      name: 'GET /api/User/me, PGlite',
      url: `${embedded.url}/api/User/me`,
      headers: { authorization: `Bearer ${await tokenFor(embedded)}` },
      runs: [],
    },
  ];
  if (process.env.BENCH_DATABASE_URL) {
    const database = await freshDatabase(process.env.BENCH_DATABASE_URL);
    cleanups.push(database.drop);
    const server = await startPortal({
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      SEED_DEMO: 'true',
    });
    portals.push(server);
    const token = await tokenFor(server);
    targets.push({
      name: 'GET /api/User/me, PostgreSQL',
      url: `${server.url}/api/User/me`,
      headers: { authorization: `Bearer ${token}` },
      runs: [],
    });
    volume = { url: server.url, token };
    await seedVolume(database.url, VOLUME_ACCOUNTS);
  }

  for (const target of targets) await load(target.url, target.headers, 2);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) target.runs.push(await load(target.url, target.headers, SECONDS));
  }
  const volumeFigures = volume ? await measureVolume(volume.url, volume.token, SECONDS) : [];
  const bundles = await measureBundles(embedded.url, 'admin@example.com', DEMO_PASSWORD);

  const [base] = targets;
  const rps = (t: Target) => mean(t.runs, 'requestsPerSecond');
  const p99 = (t: Target) => mean(t.runs, 'p99Ms');
  const out = [
    `HTTP: 10 connections, ${ROUNDS} alternating rounds of ${SECONDS} s each (mean of rounds; latency in whole ms)`,
    ...targets.map(
      (t) =>
        `  ${t.name.padEnd(30)} ${rps(t).toFixed(0).padStart(7)} req/s   p99 ${p99(t).toFixed(1).padStart(6)} ms   errors ${mean(t.runs, 'errors')}` +
        (t === base || !base
          ? ''
          : `   vs hello: throughput ${(rps(t) / rps(base)).toFixed(3)}x, p99 +${(p99(t) - p99(base)).toFixed(1)} ms`),
    ),
    ...(volumeFigures.length > 0
      ? [
          '',
          `Volume: admin's organisation of ${VOLUME_ACCOUNTS.toLocaleString('en')} accounts (PostgreSQL), 10 connections, ${SECONDS} s each`,
          ...volumeFigures.map(
            ([name, f]) =>
              `  ${name.padEnd(34)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${f.p99Ms.toFixed(1).padStart(6)} ms   errors ${f.errors}`,
          ),
        ]
      : []),
    '',
    'Web bundle (gzip, as Chromium loads it):',
    `  login page        ${kb(bundles.loginGzipBytes).padStart(9)}  (budget ${kb(LOGIN_BUDGET_BYTES)}: ${bundles.loginGzipBytes <= LOGIN_BUDGET_BYTES ? 'within' : 'OVER'})`,
    `  + signed-in shell ${kb(bundles.shellGzipBytes).padStart(9)}  in all (${bundles.shellFiles.length} more files)`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (bundles.loginGzipBytes > LOGIN_BUDGET_BYTES) process.exitCode = 1;
} finally {
  await hello.stop();
  for (const portal of portals) await portal.stop();
  for (const cleanup of cleanups) await cleanup();
}
