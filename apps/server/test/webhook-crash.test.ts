import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CURRENT_EULA } from '../src/core/eula';
import { freePort, spawnServer, waitUntilReady } from './server-process';
import { startWebhookReceiver } from './webhook-receiver';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-webhook-crash-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const PASSWORD = 'crash-test-password';
const ACKNOWLEDGED_BEFORE_KILL = 10;

/** The real server process on the embedded database, its webhooks retried every second. */
async function startServer(port: number) {
  const server = spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    DEMO_PASSWORD: PASSWORD,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SECONDS: '1,1,1,1,1,1,1,1,1,1',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(server, `${base}/api/ready`, { intervalMs: 50 });
  return { ...server, base };
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { data: never } };
}

describe('webhooks across a crash', () => {
  it('delivers the event of every acknowledged allocation after kill -9 mid-burst, once per webhook-id', async () => {
    // The receiver is down during the burst: every event must come from the deliveries the commits wrote.
    const receiverPort = await freePort();
    const first = await startServer(await freePort());
    const login = await call(first.base, 'POST', '/api/User/login', { email: 'admin@example.com', password: PASSWORD });
    const token = (login.json.data as { token: string }).token;
    await call(first.base, 'POST', '/api/User/accept-eula', { version: CURRENT_EULA.version }, token);
    const hook = await call(
      first.base,
      'POST',
      '/api/Webhook',
      {
        url: `http://127.0.0.1:${receiverPort}/hook`,
        events: ['license.allocated'],
      },
      token,
    );
    expect(hook.status).toBe(200);
    const summary = await call(first.base, 'GET', '/api/LicenseAllocation/available-summary', undefined, token);
    const group = (summary.json.data as { groupKey: string; productCode: string; availableCount: number }[]).find(
      (g) => g.availableCount >= 60,
    )!;
    const users = await call(first.base, 'GET', '/api/User/child-accounts?pageSize=50', undefined, token);
    const target = (users.json.data as { id: string; email: string }[]).find((u) => u.email === 'user2@example.com')!;

    let acknowledged = 0;
    const worker = async () => {
      for (;;) {
        const res = await call(
          first.base,
          'POST',
          '/api/LicenseAllocation/allocate',
          {
            targetId: target.id,
            isUser: true,
            productAllocations: [{ groupKey: group.groupKey, productCode: group.productCode, quantity: 1 }],
          },
          token,
        ).catch(() => undefined);
        if (!res) return;
        if (res.status === 200) acknowledged += 1;
        if (acknowledged >= ACKNOWLEDGED_BEFORE_KILL && first.child.exitCode === null) first.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 5 }, worker));
    await first.exited;
    expect(acknowledged).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const receiver = await startWebhookReceiver(receiverPort);
    const second = await startServer(await freePort());
    try {
      const events = await receiver.waitFor(acknowledged, 'license.allocated', 30_000);
      // Give a duplicate time to show, then count: each webhook-id once.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);
      expect(events.length).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      await second.stop();
      await receiver.close();
    }
  }, 90_000);
});
