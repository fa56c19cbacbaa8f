import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CURRENT_EULA } from '../src/core/eula';
import { startMailCatcher } from './mail-catcher';
import { freePort, spawnServer, waitUntilReady } from './server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const PASSWORD = 'crash-test-password';
// Enough acknowledged accounts to matter; the kill still lands with ten requests in flight.
const ACKNOWLEDGED_BEFORE_KILL = 10;

/** The real server process on the embedded database, mailing to `smtpPort`. */
async function startServer(port: number, smtpPort: number) {
  const server = spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    DEMO_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(server, `${base}/api/ready`, { intervalMs: 50 });
  return { ...server, base };
}

async function call(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: { token: string } } };
}

describe('mail across a crash', () => {
  it('sends the confirmation of every acknowledged account after kill -9 during a burst', async () => {
    // The SMTP server is down during the burst: every acknowledged mail must come from the outbox.
    const smtpPort = await freePort();
    const first = await startServer(await freePort(), smtpPort);
    const login = await call(first.base, '/api/User/login', { email: 'admin@example.com', password: PASSWORD });
    const token = login.json.data.token;
    await call(first.base, '/api/User/accept-eula', { version: CURRENT_EULA.version }, token);

    // Requests keep coming, ten at a time, and the process dies mid-burst.
    const acknowledged: string[] = [];
    let next = 0;
    const worker = async () => {
      for (;;) {
        const email = `burst${(next += 1)}@example.com`;
        const res = await call(first.base, '/api/User/create-child-account', { name: 'Burst', email }, token).catch(
          () => undefined,
        );
        if (!res) return;
        if (res.status === 200) acknowledged.push(email);
        if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && first.child.exitCode === null)
          first.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    await first.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const catcher = await startMailCatcher(undefined, smtpPort);
    const second = await startServer(await freePort(), smtpPort);
    try {
      await Promise.all(acknowledged.map((to) => catcher.waitFor(to, /confirm your email/i, 15_000)));
    } finally {
      await second.stop();
      await catcher.close();
    }
  }, 60_000);
});
