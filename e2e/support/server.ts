import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@portal/contracts/routes';
import { apiUrl } from './api';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface PortalProcess {
  url: string;
  /** The server process (node running the bundle). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The compiled server (apps/server/dist/main.js), as `npm start` runs it; rebuilt first when its
 * sources changed since the last build (a fraction of a second), so a journey never meets stale code.
 */
export const SERVER_ENTRY = 'apps/server/dist/main.js';

export function buildServerIfStale(): void {
  const run = spawnSync(process.execPath, ['scripts/build-if-stale.js', 'server', '--quiet'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) throw new Error('the server did not build (node scripts/build-if-stale.js server)');
}

/** The real portal, as `npm start` runs it, on a fresh PGlite folder and a free port. */
export async function startPortal(env: Record<string, string> = {}): Promise<PortalProcess> {
  buildServerIfStale();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    try {
      const res = await fetch(apiUrl(url, ROUTES.ready));
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`portal did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
