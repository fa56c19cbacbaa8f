import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountImport } from '@portal/contracts/account-imports';
import { DEMO_PASSWORD } from '../e2e/support/browser';
import { type PortalProcess, startPortal } from '../e2e/support/server';
import { apiCall, freshDatabase, percentile, probe, tokenFor } from './portal-session';

/**
 * `npm run bench:import` (decision 047): a user import of 10,000 rows (BENCH_IMPORT_ROWS) through
 * the compiled server, on the embedded database, or on PostgreSQL when BENCH_DATABASE_URL names a
 * server. It prints:
 *  - the dry run: the upload's answer time (parse, plan, store);
 *  - the apply: from Apply to Done, and rows a second;
 *  - GET /api/health under the apply against idle, p99 of each, measured in the same run
 *    (nothing may block the event loop);
 *  - with KILL, the portal killed (SIGKILL) at half way and started again on the same data: the
 *    rows it had not done are done after the restart, each account made once.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const KILL = process.env.BENCH_IMPORT_KILL !== '0';
/** How often the progress is read, as the page reads it every second. */
const POLL_MS = Number(process.env.BENCH_IMPORT_POLL_MS ?? 1000);

async function untilDone(portal: PortalProcess, token: string, id: string, until?: (s: AccountImport) => boolean) {
  for (;;) {
    const summary = await apiCall<AccountImport>(portal.url, token, 'GET', `/User/imports/${id}`);
    if (summary.status === 'Done' || until?.(summary)) return summary;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function main() {
  const database = process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-bench-'));
  const env = {
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url, SEED_DEMO: 'true' } : {}),
  };
  let portal = await startPortal(env);
  const lines: string[] = [
    `User import of ${ROWS.toLocaleString('en-US')} rows, ${database ? 'PostgreSQL' : 'embedded database'}`,
  ];
  try {
    let token = await tokenFor(portal);
    const tag = Date.now().toString(36);
    const csv = [
      'Name,Email,Role',
      ...Array.from({ length: ROWS }, (_, i) => `Bench ${i},bench-${i}.${tag}@example.com,User`),
    ].join('\r\n');

    const idle = probe(portal.url);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleTimes = await idle.stop();

    let started = performance.now();
    const dry = await apiCall<AccountImport>(portal.url, token, 'POST', '/User/imports', {
      fileName: 'bench.csv',
      csv,
    });
    lines.push(`  dry run: ${(performance.now() - started).toFixed(0)} ms for ${dry.counts.create} rows to create`);

    const busy = probe(portal.url);
    started = performance.now();
    await apiCall(portal.url, token, 'POST', `/User/imports/${dry.id}/apply`);
    let done: AccountImport;
    if (KILL) {
      await untilDone(portal, token, dry.id, (s) => s.counts.created >= ROWS / 2);
      process.kill(portal.pid, 'SIGKILL');
      await busy.stop();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const restarted = performance.now();
      portal = await startPortal(env);
      token = await tokenFor(portal);
      done = await untilDone(portal, token, dry.id);
      lines.push(
        `  killed at half way; the restarted portal finished in ${((performance.now() - restarted) / 1000).toFixed(1)} s`,
      );
    } else {
      done = await untilDone(portal, token, dry.id);
    }
    const seconds = (performance.now() - started) / 1000;
    const busyTimes = KILL ? [] : await busy.stop();
    lines.push(
      `  apply: ${seconds.toFixed(1)} s to Done, ${(ROWS / seconds).toFixed(0)} rows/s; created ${done.counts.created}, skipped ${done.counts.skipped}, failed ${done.counts.failed}`,
    );
    const listed = await fetch(`${portal.url}/api/User/child-accounts?search=${tag}&pageNumber=1&pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const total = ((await listed.json()) as { pageInfo: { totalCount: number } }).pageInfo.totalCount;
    lines.push(`  accounts of the wave in the Users list: ${total} (each made once: ${total === ROWS ? 'yes' : 'NO'})`);
    const idleP99 = percentile(idleTimes, 99);
    lines.push(`  GET /api/health p99 idle: ${idleP99.toFixed(1)} ms (${idleTimes.length} calls)`);
    if (!KILL) {
      const busyP99 = percentile(busyTimes, 99);
      lines.push(
        `  GET /api/health p99 under the apply: ${busyP99.toFixed(1)} ms (${busyTimes.length} calls), ${(busyP99 / idleP99).toFixed(2)}x idle`,
      );
    }
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
