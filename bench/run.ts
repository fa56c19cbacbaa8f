import { DEMO_PASSWORD } from '../e2e/support/browser';
import { type PortalProcess, startPortal } from '../e2e/support/server';
import { bundleLines, bundlesWithinBudget, measureBundles } from './bundle';
import { COLD_START_GOAL_MS, coldStartLines, measureColdStart } from './cold-start';
import { load, type LoadFigures, startHelloServer } from './http';
import { measureReports, type ReportFigures, reportLines } from './reports';
import { csvExportLines, type CsvExportFigures, measureCsvExport } from './csv-export';
import { eventLoopLines, measureEventLoop, type ModeFigures } from './event-loop';
import { measureAllocations, type StockFigures } from './stock';
import { type ListFigures, listLines, measureLists } from './lists';
import { seedVolume } from './volume';
import { freshDatabase, tokenFor } from './portal-session';

/**
 * `npm run bench`: one run, figures printed side by side. The machine is shared and noisy, so the
 * portal is judged by its ratio to a bare Fastify route measured in the same run, alternating.
 * The portal runs on its embedded database, and also on PostgreSQL when BENCH_DATABASE_URL names a
 * server (a fresh database is created there and dropped afterwards), and then the migration reports
 * on generated data in a database of their own, kept across runs (bench/reports.ts).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;
const VOLUME_ACCOUNTS = 10_000;
const CLIENTS_NOTE = '10 clients, one unit per transaction, each to a child of its own';
/** The API's allocation rate against the bare SQL transaction. */
const ALLOCATION_GOAL = 0.25;

const mean = (rows: LoadFigures[], key: keyof LoadFigures) =>
  rows.reduce((sum, row) => sum + row[key], 0) / rows.length;

interface Target {
  name: string;
  /** The least throughput against the bare route, with p99 at most 2 ms above it. */
  goal?: number;
  url: string;
  headers: Record<string, string>;
  runs: LoadFigures[];
}

const hello = await startHelloServer();
const portals: PortalProcess[] = [];
let volume: { url: string; token: string } | undefined;
let stockRun: { url: string; admin: string; superAdmin: string; databaseUrl: string } | undefined;
const cleanups: (() => Promise<void>)[] = [];
try {
  // First, while nothing else of the run is started: a restart on an existing data folder.
  const coldStart = await measureColdStart();
  const embedded = await startPortal({ DEMO_PASSWORD, LOG_LEVEL: 'warn' });
  portals.push(embedded);
  const embeddedToken = await tokenFor(embedded);
  const targets: Target[] = [
    { name: 'hello-world (bare Fastify)', url: hello.url, headers: {}, runs: [] },
    { name: 'GET /api/health (no database)', url: `${embedded.url}/api/health`, headers: {}, runs: [] },
    {
      name: 'GET /api/User/me, PGlite',
      goal: 0.3,
      url: `${embedded.url}/api/User/me`,
      headers: { authorization: `Bearer ${embeddedToken}` },
      runs: [],
    },
    {
      name: 'dashboard (hierarchy), PGlite',
      url: `${embedded.url}/api/LicensePool/user-allocation-hierarchy`,
      headers: { authorization: `Bearer ${embeddedToken}` },
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
      goal: 0.5,
      url: `${server.url}/api/User/me`,
      headers: { authorization: `Bearer ${token}` },
      runs: [],
    });
    targets.push({
      name: 'dashboard (hierarchy), PostgreSQL',
      url: `${server.url}/api/LicensePool/user-allocation-hierarchy`,
      headers: { authorization: `Bearer ${token}` },
      runs: [],
    });
    volume = { url: server.url, token };
    stockRun = {
      url: server.url,
      admin: token,
      superAdmin: await tokenFor(server, 'superadmin@example.com'),
      databaseUrl: database.url,
    };
  }

  for (const target of targets) await load(target.url, target.headers, 2);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) target.runs.push(await load(target.url, target.headers, SECONDS));
  }
  // Allocations first: the volume seed below grows the organisation the allocations would walk.
  const stockFigures: StockFigures | undefined = stockRun
    ? await measureAllocations(stockRun, stockRun.databaseUrl, SECONDS, ROUNDS)
    : undefined;
  if (volume && stockRun) await seedVolume(stockRun.databaseUrl, VOLUME_ACCOUNTS);
  const listFigures: ListFigures[] =
    volume && stockRun
      ? await measureLists(volume.url, stockRun.databaseUrl, { admin: volume.token, superAdmin: stockRun.superAdmin })
      : [];
  // The report pages and the job PDF on generated data (a database of its own, kept).
  const reportFigures: ReportFigures | undefined = process.env.BENCH_DATABASE_URL
    ? await measureReports(process.env.BENCH_DATABASE_URL, SECONDS)
    : undefined;
  // A million movements exported as CSV, in a fresh database of its own.
  const csvFigures: CsvExportFigures | undefined = process.env.BENCH_DATABASE_URL
    ? await measureCsvExport(process.env.BENCH_DATABASE_URL)
    : undefined;
  // /User/me and the event loop's delay while PDFs, a CSV export and password checks run (issue 23).
  const eventLoopFigures: ModeFigures[] | undefined = process.env.BENCH_DATABASE_URL
    ? await measureEventLoop(process.env.BENCH_DATABASE_URL)
    : undefined;
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
          : `   vs hello: throughput ${(rps(t) / rps(base)).toFixed(3)}x, p99 +${(p99(t) - p99(base)).toFixed(1)} ms` +
            (t.goal === undefined
              ? ''
              : ` (goal ${t.goal}x, +2 ms: ${rps(t) / rps(base) >= t.goal && p99(t) - p99(base) <= 2 ? 'met' : 'MISSED'})`)),
    ),
    ...(stockFigures
      ? [
          '',
          `Allocations, PostgreSQL: ${CLIENTS_NOTE}, ${ROUNDS} alternating rounds of ${SECONDS} s`,
          `  API  POST LicenseAllocation/allocate ${stockFigures.apiPerSecond.toFixed(0).padStart(7)} /s   errors ${stockFigures.apiErrors}`,
          `  SQL  same transaction in pgbench     ${stockFigures.sqlPerSecond.toFixed(0).padStart(7)} /s`,
          `  API / SQL ${(stockFigures.apiPerSecond / stockFigures.sqlPerSecond).toFixed(3)} (goal at least ${ALLOCATION_GOAL})   ledger after the run: ${stockFigures.violations.length === 0 ? 'no violation' : stockFigures.violations.join('; ')}`,
        ]
      : []),
    ...(listFigures.length > 0 ? ['', ...listLines(listFigures, VOLUME_ACCOUNTS)] : []),
    ...(reportFigures ? ['', ...reportLines(reportFigures)] : []),
    ...(csvFigures ? ['', ...csvExportLines(csvFigures)] : []),
    ...(eventLoopFigures ? ['', ...eventLoopLines(eventLoopFigures)] : []),
    '',
    ...coldStartLines(coldStart),
    '',
    ...bundleLines(bundles),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (!bundlesWithinBudget(bundles)) process.exitCode = 1;
  if (coldStart.medianMs > COLD_START_GOAL_MS) process.exitCode = 1;
  if (stockFigures && (stockFigures.violations.length > 0 || stockFigures.apiErrors > 0)) process.exitCode = 1;
  if (reportFigures && reportFigures.errors.length > 0) {
    process.stderr.write(`${reportFigures.errors.join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  await hello.stop();
  for (const portal of portals) await portal.stop();
  for (const cleanup of cleanups) await cleanup();
}
