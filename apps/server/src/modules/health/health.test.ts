import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { newestMigrationMillis } from '../../db/migrations';
import { loadConfig } from '../../env';
import { startServer } from '../../server';
import { createTestContext } from '../../../test/helper';
import { connect, parseResponses } from '../../../test/raw-http';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('readiness', () => {
  it('is a 503 until the database holds every migration this build ships', async () => {
    const ctx = await createTestContext();
    try {
      const ready = async () => {
        const res = await ctx.app.inject('/api/ready');
        return { status: res.statusCode, message: res.json<{ message?: string }>().message };
      };
      const newest = newestMigrationMillis();
      const notMigrated = { status: 503, message: 'The database is not migrated to this version yet.' };

      // No migrations table at all: a database no instance has migrated.
      await ctx.handle.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __hidden_migrations`);
      expect(await ready()).toEqual(notMigrated);
      await ctx.handle.db.execute(sql`alter table drizzle.__hidden_migrations rename to __drizzle_migrations`);

      // All but the newest migration: an older version migrated it, or another instance is migrating.
      await ctx.handle.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`);
      expect(await ready()).toEqual(notMigrated);

      await ctx.handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${newest})`,
      );
      expect(await ready()).toEqual({ status: 200, message: undefined });
    } finally {
      await ctx.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('turns readiness to 503, refuses new requests and finishes the one in flight before closing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'));
    dirs.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
    });
    const server = await startServer(config);
    const { port } = server.app.server.address() as net.AddressInfo;
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

    // A slow request: its headers are in, its body not yet (`Expect: 100-continue` says when it was routed).
    const slow = connect(port);
    const routed = new Promise<void>((resolve) => slow.socket.once('data', () => resolve()));
    const body = JSON.stringify({ email: 'in-flight@example.com' });
    await slow.write(
      `POST /api/User/forgot-password HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await routed;
    // A load balancer's readiness probe whose headers are still arriving when the stop begins.
    const probe = connect(port);
    await probe.write('GET /api/ready HTTP/1.1\r\nHost: test\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    let stopped = false;
    const stopping = server.stop().then(() => (stopped = true));
    await vi.waitFor(() => expect(server.app.server.listening).toBe(false));
    // New connections are refused; the requests in flight hold the stop open.
    await expect(fetch(`${server.url}/api/ready`)).rejects.toThrow();
    expect(stopped).toBe(false);

    // The probe's request completes: not ready, the server is shutting down.
    await probe.write('\r\n');
    const [notReady] = parseResponses(await probe.received);
    expect(notReady?.status).toBe(503);
    expect(JSON.parse(notReady!.body)).toMatchObject({
      success: false,
      message: 'The server is shutting down. Please try again in a moment.',
    });
    expect(stopped).toBe(false);

    // The slow request's body arrives: it is answered in full, then the server closes.
    await slow.write(body);
    const [answer] = parseResponses(await slow.received);
    await stopping;
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ success: true });
    // Closed: the data folder's lock is released.
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  }, 60_000);
});
