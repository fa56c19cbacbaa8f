import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@portal/contracts/routes';
import { freePort, spawnServer, waitUntilReady } from '../../apps/server/test/server-process';
import { apiUrl } from './api';

// The bench takes its free ports from here too.
export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

/**
 * The real portal, as `npm start` runs it, on a fresh PGlite folder and a free port. `entry` runs
 * another build of the server (a bench comparing with an older commit's bundle).
 */
export async function startPortal(env: Record<string, string> = {}, entry = SERVER_ENTRY): Promise<PortalProcess> {
  if (entry === SERVER_ENTRY) buildServerIfStale();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const server = spawnServer(
    // Passkeys need a domain, not an address (decision 037): the passkey journey opens localhost.
    { PORT: String(port), PUBLIC_URL: url, WEBAUTHN_ORIGIN: `http://localhost:${port}`, DATA_DIR: dataDir, ...env },
    { args: [entry], cwd: root },
  );
  await waitUntilReady(server, apiUrl(url, ROUTES.ready), { intervalMs: 200 });
  return {
    url,
    pid: server.child.pid!,
    dataDir,
    output: server.output,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
