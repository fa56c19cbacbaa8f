import { DEMO_PASSWORD } from '../e2e/support/browser';
import { type PortalProcess, startPortal } from '../e2e/support/server';
import { openPostgres } from '../apps/server/src/db/client';
import { findLedgerViolations } from '../apps/server/src/modules/stock';
import { AGENTS, agentCycles, type CycleFigures, pgbenchCycles, post } from './agent-cycle';
import { load, type LoadFigures } from './http';
import { freshDatabase, tokenFor } from './portal-session';

/**
 * `npm run bench:keys` (decision 032): what an API key costs against a session, in one run.
 *  1. The guard: the same cheap read (GET /api/License/products) with a session token and with a
 *     `read` key, alternating rounds. Goal: the key as fast as the session (both are cached).
 *  2. The migration agent's per-mailbox calls by key: start a mailbox (a Reserve), report its
 *     progress, end it (a Release, so the stock never runs out), from 10 agents at once; the same
 *     cycle with a session token beside it. Cycles a second and each call's p99.
 *  3. On PostgreSQL, the same cycles by key against the same statements by pgbench
 *     (bench/agent-cycle.ts), alternating rounds. Goal: the API at 0.4 of bare SQL or better.
 * On the embedded database, and on PostgreSQL too when BENCH_DATABASE_URL names a server.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;

async function createKey(portal: PortalProcess, session: string, scopes: string[]): Promise<string> {
  const res = await post(`${portal.url}/api/ApiKey`, session, { name: `Bench ${scopes.join(' ')}`, scopes });
  if (res.status !== 200) throw new Error(`key: ${res.status}`);
  return (res.data as { key: string }).key;
}

/** The agent's cycles by key through the API against the same statements by pgbench. */
async function againstSql(portal: PortalProcess, databaseUrl: string): Promise<string[]> {
  const session = await tokenFor(portal);
  const agentKey = await createKey(portal, session, ['agent']);
  const api: CycleFigures[] = [];
  const sql: CycleFigures[] = [];
  await agentCycles(portal, agentKey, 'warm', 1);
  for (let round = 0; round < ROUNDS; round += 1) {
    api.push(await agentCycles(portal, agentKey, `vs${round}`, SECONDS));
    sql.push(await pgbenchCycles(portal, agentKey, databaseUrl, SECONDS));
  }
  const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const rate = (runs: CycleFigures[]) => avg(runs.map((r) => r.cyclesPerSecond));
  const ratio = rate(api) / rate(sql);
  const errors = avg(api.map((r) => r.errors)) + avg(sql.map((r) => r.errors));
  const handle = openPostgres(databaseUrl, 2);
  const violations = await findLedgerViolations(handle.db).finally(() => handle.close());
  return [
    `  The agent's mailbox cycle by key against the same statements by pgbench, ${AGENTS} at once`,
    `    API (key) ${rate(api).toFixed(0).padStart(6)} cycles/s   p99 of a cycle ${avg(api.map((r) => r.p99Ms.cycle)).toFixed(1)} ms   errors ${avg(api.map((r) => r.errors))}`,
    `    pgbench   ${rate(sql).toFixed(0).padStart(6)} cycles/s   p99 of a cycle ${avg(sql.map((r) => r.p99Ms.cycle)).toFixed(1)} ms   failed ${avg(sql.map((r) => r.errors))}`,
    `    API / SQL ${ratio.toFixed(3)} (goal 0.4 or more: ${ratio >= 0.4 && errors === 0 ? 'met' : 'MISSED'})`,
    `    ledger after both: ${violations.length === 0 ? 'whole' : `${violations.length} VIOLATIONS: ${violations.join('; ')}`}`,
  ];
}

async function measure(portal: PortalProcess, label: string): Promise<string[]> {
  const session = await tokenFor(portal);
  const readKey = await createKey(portal, session, ['read']);
  const agentKey = await createKey(portal, session, ['agent']);
  const url = `${portal.url}/api/License/products`;
  const guard = { session: [] as LoadFigures[], key: [] as LoadFigures[] };
  await load(url, { authorization: `Bearer ${readKey}` }, 1);
  await load(url, { authorization: `Bearer ${session}` }, 1);
  const cycles = { session: [] as CycleFigures[], key: [] as CycleFigures[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    guard.session.push(await load(url, { authorization: `Bearer ${session}` }, SECONDS));
    guard.key.push(await load(url, { authorization: `Bearer ${readKey}` }, SECONDS));
    cycles.key.push(await agentCycles(portal, agentKey, `key${round}`, SECONDS));
    cycles.session.push(await agentCycles(portal, session, `session${round}`, SECONDS));
  }
  const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const rps = (runs: LoadFigures[]) => avg(runs.map((r) => r.requestsPerSecond));
  const ratio = rps(guard.key) / rps(guard.session);
  const line = (who: string, runs: CycleFigures[]) =>
    `    by ${who.padEnd(7)} ${avg(runs.map((r) => r.cyclesPerSecond))
      .toFixed(0)
      .padStart(6)} cycles/s   p99 start ${avg(runs.map((r) => r.p99Ms.start)).toFixed(1)} ms, progress ${avg(
      runs.map((r) => r.p99Ms.progress),
    ).toFixed(1)} ms, complete ${avg(runs.map((r) => r.p99Ms.complete)).toFixed(1)} ms   errors ${avg(
      runs.map((r) => r.errors),
    )}`;
  const cycleRatio = avg(cycles.key.map((r) => r.cyclesPerSecond)) / avg(cycles.session.map((r) => r.cyclesPerSecond));
  return [
    `${label}: ${ROUNDS} alternating rounds of ${SECONDS} s`,
    `  GET /api/License/products, 10 connections`,
    `    session ${rps(guard.session).toFixed(0).padStart(7)} req/s   p99 ${avg(guard.session.map((r) => r.p99Ms)).toFixed(1)} ms`,
    `    API key ${rps(guard.key).toFixed(0).padStart(7)} req/s   p99 ${avg(guard.key.map((r) => r.p99Ms)).toFixed(1)} ms   errors ${avg(guard.key.map((r) => r.errors))}`,
    `    key / session ${ratio.toFixed(3)} (goal about 1: ${ratio >= 0.9 && avg(guard.key.map((r) => r.errors)) === 0 ? 'met' : 'MISSED'})`,
    `  The agent's mailbox cycle (start, progress, end), ${AGENTS} agents at once`,
    line('API key', cycles.key),
    line('session', cycles.session),
    `    key / session ${cycleRatio.toFixed(3)}`,
  ];
}

const portals: PortalProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
try {
  // The keys' rate limit is what stops a runaway loop, not what is measured here.
  const embedded = await startPortal({ DEMO_PASSWORD, LOG_LEVEL: 'warn', API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' });
  portals.push(embedded);
  const out = await measure(embedded, 'Embedded (PGlite)');
  if (process.env.BENCH_DATABASE_URL) {
    const database = await freshDatabase(process.env.BENCH_DATABASE_URL, 'portal_bench_keys');
    cleanups.push(database.drop);
    const server = await startPortal({
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      SEED_DEMO: 'true',
      API_KEY_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    portals.push(server);
    out.push('', ...(await measure(server, 'PostgreSQL')), ...(await againstSql(server, database.url)));
  }
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  for (const portal of portals) await portal.stop();
  for (const cleanup of cleanups) await cleanup();
}
