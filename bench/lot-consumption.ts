import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startPortal } from '../e2e/support/server';
import { REPORTS_DATABASE, reportsDatabase } from './reports';

/**
 * `npm run bench:trace`: a lot's Consumption tab (decision 046) on the generated 1,000,000 mailboxes
 * (docs/performance.md, "Migration reports"). The largest tenant's Pay-Per-Use lot has a Consume
 * line for each of its completed MBX mailboxes (about 470,000); its Admin asks the first page, and a
 * page deep in the lot (after a cursor half-way), each REQUESTS times in turn, sequentially, and the
 * bench prints p50 and p95 against the goal. BENCH_DATABASE_URL names the PostgreSQL server.
 */
const ADMIN = 'gen-t1-admin-1@example.com';
const PASSWORD = 'Reports-Bench-2026';
const REQUESTS = Number(process.env.BENCH_REPORT_REQUESTS ?? 400);
const GOAL_P95_MS = 25;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function timed(url: string, token: string): Promise<number> {
  const at = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: { rows: unknown[] } };
  const ms = performance.now() - at;
  if (res.status !== 200 || !body.data || body.data.rows.length === 0) throw new Error(`${url}: ${res.status}`);
  return ms;
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL=postgres://… is required');
const url = await reportsDatabase(serverUrl);
const client = new pg.Client({ connectionString: url });
await client.connect();
const portal = await startPortal({ DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
try {
  const { rows } = await client.query<{ license_id: string; consumed: number; middle: string }>(
    `SELECT li.id AS license_id,
       (SELECT count(*)::int FROM movement_lines l WHERE l.license_id = li.id AND l.d_consumed > 0) AS consumed,
       (SELECT (extract(epoch FROM l.created_at) * 1000000)::bigint::text || '_' || l.movement_id
          FROM movement_lines l WHERE l.license_id = li.id AND l.d_consumed > 0
          ORDER BY l.created_at DESC, l.movement_id DESC
          OFFSET (SELECT count(*) / 2 FROM movement_lines l2 WHERE l2.license_id = li.id AND l2.d_consumed > 0) LIMIT 1) AS middle
     FROM licenses li JOIN accounts a ON a.id = li.customer_id WHERE a.email = $1 AND li.usage_type = 'Transactional'`,
    [ADMIN],
  );
  const lot = rows[0];
  if (!lot) throw new Error(`no Pay-Per-Use lot of ${ADMIN} in ${REPORTS_DATABASE}: regenerate the data`);
  const login = await fetch(`${portal.url}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in as ${ADMIN} failed: ${login.status}`);
  const base = `${portal.url}/api/License/${lot.license_id}/consumption?pageSize=25`;
  const pages = { 'first page': base, 'half-way page': `${base}&after=${lot.middle}` };
  const times: Record<string, number[]> = { 'first page': [], 'half-way page': [] };
  for (const page of Object.values(pages)) for (let i = 0; i < 20; i += 1) await timed(page, token); // warm-up
  for (let i = 0; i < REQUESTS; i += 1) {
    for (const [name, page] of Object.entries(pages)) times[name]!.push(await timed(page, token));
  }
  const lines = [
    `Lot Consumption tab, PostgreSQL: the largest tenant's Pay-Per-Use lot, ${lot.consumed.toLocaleString('en')} consumptions, 25 rows a page, ${REQUESTS} sequential requests each (goal p95 <= ${GOAL_P95_MS} ms)`,
  ];
  for (const [name, values] of Object.entries(times)) {
    const p95 = quantile(values, 0.95);
    lines.push(
      `  ${name.padEnd(16)} p50 ${quantile(values, 0.5).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await portal.stop();
  await client.end();
}
