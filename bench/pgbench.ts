import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface PgbenchRun {
  /** Scripts a second (pgbench's tps). */
  perSecond: number;
  failed: number;
  /** Each script run's latency in ms (pgbench's per-transaction log). */
  latenciesMs: number[];
}

/**
 * Runs a pgbench script (variables as `-D name=value`) from `clients` clients for `seconds`, and
 * reads its rate, its failures and each run's latency.
 */
export async function runPgbench(options: {
  script: string;
  vars: Record<string, string>;
  databaseUrl: string;
  clients: number;
  seconds: number;
}): Promise<PgbenchRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pgbench-'));
  const file = path.join(dir, 'script.sql');
  fs.writeFileSync(file, options.script);
  try {
    const vars = Object.entries(options.vars).flatMap(([name, value]) => ['-D', `${name}=${value}`]);
    const { stdout } = await exec(
      'pgbench',
      ['-n', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-f', file, '-l'].concat([
        '--log-prefix',
        path.join(dir, 'log'),
        ...vars,
        options.databaseUrl,
      ]),
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
    const tps = /tps = ([\d.]+)/.exec(stdout);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    // Each log line is one run of the script: client, run number, latency in microseconds, …
    const latenciesMs = fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('log'))
      .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').trim().split('\n'))
      .filter((line) => line !== '')
      .map((line) => Number(line.split(' ')[2]) / 1000);
    return { perSecond: Number(tps[1]), failed: failed ? Number(failed[1]) : 0, latenciesMs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
