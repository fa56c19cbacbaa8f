import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, waitUntilReady } from './server-process';

export interface Instance {
  url: string;
  output(): string;
  /** SIGTERM, as an orchestrator stops an instance, and waits for the process to exit. */
  stop(): Promise<number | null>;
}

/** The real server in a process of its own (src/main.ts), on a database named by DATABASE_URL. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-instance-'));
  const server = spawnServer({ PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, WEB_DIST_DIR: dataDir, ...env });
  await waitUntilReady(server, `${url}/api/ready`);
  return {
    url,
    output: server.output,
    async stop() {
      const code = await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
