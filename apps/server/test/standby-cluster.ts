import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries, the newest installed (PG_BIN_DIR overrides). */
function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error(`no PostgreSQL binaries in ${root} (set PG_BIN_DIR)`);
  return path.join(root, newest, 'bin');
}

/**
 * A PostgreSQL primary and its streaming standby of the test's own, made with Debian's tools in a
 * temporary folder on free ports. The machine's own cluster allows no replication connection
 * (its pg_hba.conf has none), and its configuration is shared: the test changes nothing there.
 * PostgreSQL refuses to run as root, so as root every command runs as the `postgres` user.
 */
export interface StandbyCluster {
  primaryUrl(database: string): string;
  standbyUrl(database: string): string;
  /** Stops the standby (fast shutdown: its connections are cut). */
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops both servers and removes the folder; safe to call twice and after a failed start. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary, as `postgres` when this process is root. */
async function pg(binary: string, args: string[]): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const program = path.join(binDir(), binary);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const { stdout } = await run(file, argv, { cwd: os.tmpdir(), timeout: 60_000 });
  return stdout;
}

const SETTINGS = (port: number, dir: string) =>
  [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    // A test server: nothing to keep across a crash, and little memory on a shared machine.
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 16MB',
    'max_connections = 40',
  ].join('\n');

export async function startStandbyCluster(): Promise<StandbyCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-replica-'));
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', root]);
  fs.chmodSync(root, 0o700);
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const pgCtl = (dir: string, action: 'start' | 'stop') =>
    pg('pg_ctl', ['-D', dir, '-w', '-l', `${dir}.log`, ...(action === 'stop' ? ['-m', 'fast'] : []), action]);
  const cluster: StandbyCluster = {
    primaryUrl: (database) => `postgres://postgres@127.0.0.1:${primaryPort}/${database}`,
    standbyUrl: (database) => `postgres://postgres@127.0.0.1:${standbyPort}/${database}`,
    async stopStandby() {
      await pgCtl(standbyDir, 'stop');
    },
    async startStandby() {
      await pgCtl(standbyDir, 'start');
    },
    async destroy() {
      for (const dir of started.reverse()) await pgCtl(dir, 'stop').catch(() => undefined);
      started.length = 0;
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    // initdb's own pg_hba.conf trusts replication connections from 127.0.0.1 with --auth=trust.
    await pg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions']);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${SETTINGS(primaryPort, root)}\n`);
    await pgCtl(primaryDir, 'start');
    started.push(primaryDir);
    await pg('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', standbyDir, '-R', '-X', 'stream', '--no-sync'],
    ]);
    // The copy carries the primary's settings; the standby only moves to its own port.
    fs.appendFileSync(path.join(standbyDir, 'postgresql.conf'), `\nport = ${standbyPort}\n`);
    await pgCtl(standbyDir, 'start');
    started.push(standbyDir);
    return cluster;
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
}
