import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountImport } from '@portal/contracts/account-imports';
import type { AvailableSummaryItem } from '@portal/contracts/allocations';
import type { BulkOperation } from '@portal/contracts/bulk';
import { DEMO_PASSWORD } from '../e2e/support/browser';
import { type PortalProcess, startPortal } from '../e2e/support/server';
import { apiCall, freshDatabase, percentile, probe, tokenFor } from './portal-session';

/**
 * `npm run bench:bulk` (decision 049): bulk changes through the compiled server, on the embedded
 * database, or on PostgreSQL when BENCH_DATABASE_URL names a server. It makes BENCH_BULK_USERS
 * users (2,000 unless told) by a user import, then prints, each from POST /Bulk to Done:
 *  - a status change of every user the filter matches ("all N matching"), targets a second;
 *  - an allocation of 1 unit to as many of them as the stock covers, by ticked ids, and its undo;
 *  - GET /api/health p99 under the status change against idle, measured in the same run.
 */
const USERS = Number(process.env.BENCH_BULK_USERS ?? 2_000);

async function until<T extends { status: string }>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Starts a batch and waits for Done: its seconds and counts. */
async function timed(portal: PortalProcess, token: string, route: string, body?: object) {
  const started = performance.now();
  const batch = await apiCall<BulkOperation>(portal.url, token, 'POST', route, body);
  const done = await until(
    () => apiCall<BulkOperation>(portal.url, token, 'GET', `/Bulk/${batch.id}`),
    (value) => value.status === 'Done',
  );
  const seconds = (performance.now() - started) / 1000;
  return { done, seconds, line: `${seconds.toFixed(1)} s, ${(done.total / seconds).toFixed(0)} targets/s` };
}

async function main() {
  const database = process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bulk-bench-'));
  const env = {
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url, SEED_DEMO: 'true' } : {}),
  };
  const portal = await startPortal(env);
  const lines = [
    `Bulk changes over ${USERS.toLocaleString('en-US')} users, ${database ? 'PostgreSQL' : 'embedded database'}`,
  ];
  try {
    const token = await tokenFor(portal);
    const tag = `bulk${Date.now().toString(36)}`;
    const csv = [
      'Name,Email,Role',
      ...Array.from({ length: USERS }, (_, i) => `Bench ${tag} ${i},${tag}-${i}@example.com,User`),
    ].join('\r\n');
    const dry = await apiCall<AccountImport>(portal.url, token, 'POST', '/User/imports', { fileName: 'bulk.csv', csv });
    await apiCall(portal.url, token, 'POST', `/User/imports/${dry.id}/apply`);
    await until(
      () => apiCall<AccountImport>(portal.url, token, 'GET', `/User/imports/${dry.id}`),
      (value) => value.status === 'Done',
    );

    const idle = probe(portal.url);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleTimes = await idle.stop();
    const busy = probe(portal.url);
    const status = await timed(portal, token, '/Bulk', {
      targetType: 'User',
      matching: { search: tag },
      action: { kind: 'status', active: false },
    });
    const busyTimes = await busy.stop();
    lines.push(`  deactivate all ${status.done.total} matching: ${status.line}; ${status.done.counts.failed} failed`);

    const summary = await apiCall<AvailableSummaryItem[]>(
      portal.url,
      token,
      'GET',
      '/LicenseAllocation/available-summary',
    );
    const group = [...summary].sort((a, b) => b.availableCount - a.availableCount)[0]!;
    const listed = await apiCall<{ id: string }[]>(
      portal.url,
      token,
      'GET',
      `/User/child-accounts?search=${tag}&pageNumber=1&pageSize=${Math.min(USERS, group.availableCount, 2500)}`,
    );
    const allocation = await timed(portal, token, '/Bulk', {
      targetType: 'User',
      ids: listed.map((row) => row.id),
      action: { kind: 'allocate', items: [{ groupKey: group.groupKey, productCode: group.productCode, quantity: 1 }] },
    });
    lines.push(
      `  allocate 1 × ${group.productCode} to ${allocation.done.total} ticked: ${allocation.line}; ${allocation.done.units} units moved`,
    );
    const undo = await timed(portal, token, `/Bulk/${allocation.done.id}/undo`);
    lines.push(`  undo of that allocation: ${undo.line}; ${undo.done.units} units back`);

    const idleP99 = percentile(idleTimes, 99);
    const busyP99 = percentile(busyTimes, 99);
    lines.push(`  GET /api/health p99 idle: ${idleP99.toFixed(1)} ms (${idleTimes.length} calls)`);
    lines.push(
      `  GET /api/health p99 under the status change: ${busyP99.toFixed(1)} ms (${busyTimes.length} calls), ${(busyP99 / idleP99).toFixed(2)}x idle`,
    );
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
