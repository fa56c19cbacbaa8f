import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DEMO_PASSWORD } from '../e2e/support/browser';
import { startPortal } from '../e2e/support/server';
import { freshDatabase, tokenFor } from './portal-session';

/**
 * A million movements exported as CSV through the API in flat memory. A fresh
 * PostgreSQL database gets the demo organisation (the portal seeds it), then N movements straight
 * in SQL; the SuperAdmin exports them all while the server's RSS is sampled from /proc.
 * `node --import tsx bench/csv-export.ts` (BENCH_DATABASE_URL, BENCH_CSV_ROWS).
 */
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);

export interface CsvExportFigures {
  rows: number;
  lines: number;
  megabytes: number;
  ms: number;
  firstByteMs: number;
  baseRssMb: number;
  peakRssMb: number;
}

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
};

async function insertMovements(url: string, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // In slices, so that one statement does not hold a million rows in the database's memory.
    for (let done = 0; done < rows; done += 200_000) {
      await client.query(
        `INSERT INTO movements (action, product_code, group_key, quantity, source_pool_id, target_name, target_type, actor_id, created_at)
         SELECT CASE WHEN i % 2 = 0 THEN 'Allocate' ELSE 'Revoke' END, 'MBX', 'MBX', CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END,
                p.id, 'Target, "number" ' || i, 'User', a.id, now() - i * interval '1 second'
           FROM generate_series($1::int, $2::int) AS i,
                (SELECT id FROM accounts WHERE email = 'admin@example.com') a,
                (SELECT id, owner_id FROM pools WHERE pool_type = 'Default') p
          WHERE p.owner_id = a.id`,
        [done + 1, Math.min(rows, done + 200_000)],
      );
    }
  } finally {
    await client.end();
  }
}

/** Exports `rows` movements from a fresh database on the server at `serverUrl`. */
export async function measureCsvExport(serverUrl: string, rows = ROWS): Promise<CsvExportFigures> {
  const database = await freshDatabase(serverUrl, 'portal_csv_bench');
  const portal = await startPortal({
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
  });
  try {
    await insertMovements(database.url, rows);
    const auth = { authorization: `Bearer ${await tokenFor(portal, 'superadmin@example.com')}` };

    const baseRssMb = rssMb(portal.pid);
    let peakRssMb = baseRssMb;
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(portal.pid))), 10);
    const started = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    try {
      const res = await fetch(`${portal.url}/api/LicenseMovement/export`, { headers: auth });
      if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 0x0a) lines += 1;
      }
    } finally {
      clearInterval(sampler);
    }
    const ms = performance.now() - started;
    peakRssMb = Math.max(peakRssMb, rssMb(portal.pid));
    return { rows, lines, megabytes: bytes / 1024 / 1024, ms, firstByteMs, baseRssMb, peakRssMb };
  } finally {
    await portal.stop();
    await database.drop();
  }
}

export function csvExportLines(f: CsvExportFigures): string[] {
  return [
    `CSV export of ${f.rows.toLocaleString('en')} movements (GET /api/LicenseMovement/export, PostgreSQL):`,
    `  ${(f.ms / 1000).toFixed(1)} s, first byte ${f.firstByteMs.toFixed(0)} ms, ${f.megabytes.toFixed(0)} MB, ` +
      `${f.lines.toLocaleString('en')} lines (header + rows, demo movements included)`,
    `  server RSS ${f.baseRssMb.toFixed(0)} MB before, peak ${f.peakRssMb.toFixed(0)} MB`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  process.stdout.write(`${csvExportLines(await measureCsvExport(server)).join('\n')}\n`);
}
