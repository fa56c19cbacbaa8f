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
import { addDashboardOrgToPostgres, DASHBOARD_ORG, embeddedPortalWithDashboardOrg } from './dashboard-org';
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
const ALLOCATION_GOAL = 0.5;
/**
 * `BENCH_ONLY=http,stock` runs those parts only (cold, http, stock, lists, reports, csv, bundle);
 * all of them by default.
 */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const wants = (part: string) => ONLY.size === 0 || ONLY.has(part);

const mean = (rows: LoadFigures[], key: keyof LoadFigures) =>
  rows.reduce((sum, row) => sum + (row[key] ?? 0), 0) / rows.length;

interface Target {
  name: string;
  /**
   * The least throughput against `base` (a target measured in the same rounds), or with `byCpu`
   * the most server CPU per request against it, inverted: where the load generator, not the
   * server, is what runs out (autocannon decodes every body as a UTF-8 string, which costs it
   * more for a gzipped answer than the server spends sending it).
   */
  goal?: { base: Target; ratio: number; byCpu?: true };
  /** The process that answers, whose CPU time per request is printed. */
  pid: number;
  url: string;
  headers: Record<string, string>;
  runs: LoadFigures[];
}

/** What a browser sends with every call: the web app's fetches take compressed answers. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const rps = (t: Target) => mean(t.runs, 'requestsPerSecond');
const p99 = (t: Target) => mean(t.runs, 'p99Ms');

const cpu = (t: Target) => mean(t.runs, 'serverCpuUs');

/** A line per target: its rate, p99 and server CPU per request, and its ratio to its goal's base. */
function targetLine(t: Target): string {
  const figures = `  ${t.name.padEnd(44)} ${rps(t).toFixed(0).padStart(7)} req/s   p99 ${p99(t).toFixed(1).padStart(5)} ms   CPU ${cpu(t).toFixed(0).padStart(4)} µs/req   errors ${mean(t.runs, 'errors')}`;
  if (!t.goal) return figures;
  const { base, byCpu } = t.goal;
  const ratio = byCpu ? cpu(base) / cpu(t) : rps(t) / rps(base);
  const met = ratio >= t.goal.ratio ? 'met' : 'MISSED';
  return `${figures}   ${ratio.toFixed(3)}x of ${base.name}${byCpu ? ' by server CPU' : ''} (goal ${t.goal.ratio}x: ${met})`;
}

/** The portal's targets on one database: health (embedded only), /me, the demo dashboard, the large one. */
function portalTargets(
  label: string,
  portal: PortalProcess,
  token: string,
  large: string | undefined,
  health: Target,
): Target[] {
  const { url, pid } = portal;
  const me: Target = {
    pid,
    name: `GET /api/User/me, ${label}`,
    goal: { base: health, ratio: 0.9 },
    url: `${url}/api/User/me`,
    headers: { ...BROWSER, authorization: `Bearer ${token}` },
    runs: [],
  };
  const dashboard = (name: string, bearer: string, byCpu?: true): Target => ({
    name,
    pid,
    goal: { base: me, ratio: 0.25, ...(byCpu ? { byCpu } : {}) },
    url: `${url}/api/LicensePool/user-allocation-hierarchy`,
    headers: { ...BROWSER, authorization: `Bearer ${bearer}` },
    runs: [],
  });
  return [
    me,
    dashboard(`dashboard, demo org, ${label}`, token),
    ...(large
      ? [dashboard(`dashboard, ${DASHBOARD_ORG.users} users/${DASHBOARD_ORG.pools} pools, ${label}`, large, true)]
      : []),
  ];
}

const helloServer = await startHelloServer();
const portals: PortalProcess[] = [];
let volume: { url: string; token: string } | undefined;
let stockRun: { url: string; admin: string; superAdmin: string; databaseUrl: string } | undefined;
const cleanups: (() => Promise<void>)[] = [];
try {
  // First, while nothing else of the run is started: a restart on an existing data folder.
  const coldStart = wants('cold') ? await measureColdStart() : undefined;
  const env = { DEMO_PASSWORD, LOG_LEVEL: 'warn' };
  // The embedded portal holds the demo organisation and the large dashboard's (bench/dashboard-org.ts).
  const { portal: embedded, admin: embeddedLarge } = wants('http')
    ? await embeddedPortalWithDashboardOrg(env)
    : { portal: await startPortal(env), admin: '' };
  portals.push(embedded);
  const embeddedToken = await tokenFor(embedded);
  const hello: Target = {
    name: 'hello-world (bare Fastify)',
    pid: helloServer.pid,
    url: helloServer.url,
    headers: BROWSER,
    runs: [],
  };
  const health: Target = {
    name: 'GET /api/health (no database)',
    goal: { base: hello, ratio: 0.85 },
    pid: embedded.pid,
    url: `${embedded.url}/api/health`,
    headers: BROWSER,
    runs: [],
  };
  const targets: Target[] = [
    hello,
    health,
    ...portalTargets('PGlite', embedded, embeddedToken, embeddedLarge || undefined, health),
  ];
  if (process.env.BENCH_DATABASE_URL) {
    const database = await freshDatabase(process.env.BENCH_DATABASE_URL);
    cleanups.push(database.drop);
    const server = await startPortal({ ...env, DATABASE_URL: database.url, SEED_DEMO: 'true' });
    portals.push(server);
    const token = await tokenFor(server);
    const large = wants('http') ? await addDashboardOrgToPostgres(server, database.url) : '';
    targets.push(...portalTargets('PostgreSQL', server, token, large || undefined, health));
    volume = { url: server.url, token };
    stockRun = {
      url: server.url,
      admin: token,
      superAdmin: await tokenFor(server, 'superadmin@example.com'),
      databaseUrl: database.url,
    };
  }

  if (wants('http')) {
    for (const target of targets) await load(target.url, target.headers, 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) target.runs.push(await load(target.url, target.headers, SECONDS, target.pid));
    }
  }
  // Allocations first: the volume seed below grows the organisation the allocations would walk.
  const stockFigures: StockFigures | undefined =
    stockRun && wants('stock') ? await measureAllocations(stockRun, stockRun.databaseUrl, SECONDS, ROUNDS) : undefined;
  if (volume && stockRun && wants('lists')) await seedVolume(stockRun.databaseUrl, VOLUME_ACCOUNTS);
  const listFigures: ListFigures[] =
    volume && stockRun && wants('lists')
      ? await measureLists(volume.url, stockRun.databaseUrl, { admin: volume.token, superAdmin: stockRun.superAdmin })
      : [];
  // The report pages and the job PDF on generated data (a database of its own, kept).
  const reportFigures: ReportFigures | undefined =
    process.env.BENCH_DATABASE_URL && wants('reports')
      ? await measureReports(process.env.BENCH_DATABASE_URL, SECONDS)
      : undefined;
  // A million movements exported as CSV, in a fresh database of its own.
  const csvFigures: CsvExportFigures | undefined =
    process.env.BENCH_DATABASE_URL && wants('csv') ? await measureCsvExport(process.env.BENCH_DATABASE_URL) : undefined;
  // /User/me and the event loop's delay while PDFs, a CSV export and password checks run (issue 23).
  const eventLoopFigures: ModeFigures[] | undefined =
    process.env.BENCH_DATABASE_URL && wants('event-loop')
      ? await measureEventLoop(process.env.BENCH_DATABASE_URL)
      : undefined;
  const bundles = wants('bundle') ? await measureBundles(embedded.url, 'admin@example.com', DEMO_PASSWORD) : undefined;

  const out = [
    ...(wants('http')
      ? [
          `HTTP: 10 connections, ${ROUNDS} alternating rounds of ${SECONDS} s each (mean of rounds; latency in whole ms)`,
          ...targets.map(targetLine),
        ]
      : []),
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
    ...(coldStart ? ['', ...coldStartLines(coldStart)] : []),
    ...(bundles ? ['', ...bundleLines(bundles)] : []),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (bundles && !bundlesWithinBudget(bundles)) process.exitCode = 1;
  if (coldStart && coldStart.medianMs > COLD_START_GOAL_MS) process.exitCode = 1;
  if (stockFigures && (stockFigures.violations.length > 0 || stockFigures.apiErrors > 0)) process.exitCode = 1;
  if (reportFigures && reportFigures.errors.length > 0) {
    process.stderr.write(`${reportFigures.errors.join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  await helloServer.stop();
  for (const portal of portals) await portal.stop();
  for (const cleanup of cleanups) await cleanup();
}
