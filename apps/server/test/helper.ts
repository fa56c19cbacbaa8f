import fs from 'node:fs';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { type DatabaseHandle, openPostgres, wrapPglite } from '../src/db/client';
import type { ReadReplica } from '../src/db/replica';
import { seedDemoOrganisation } from '../src/demo-seed';
import { loadConfig } from '../src/env';
import type { Clock } from '../src/lib/clock';
import { createMailer } from '../src/lib/mailer';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { DEMO_PASSWORD, TEST_EPOCH } from './constants';

export { DEMO_PASSWORD } from './constants';

/** A clock the test moves by hand, from TEST_EPOCH. */
export class TestClock implements Clock {
  private current = new Date(TEST_EPOCH);
  now(): Date {
    return new Date(this.current);
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

let counter = 0;

/**
 * The address of a fresh PostgreSQL database copied from the run's migrated template, or null on
 * the embedded database (no server to copy on).
 */
export async function freshPostgresUrl({ seeded = false } = {}): Promise<string | null> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') return null;
  const name = `portal_t_${template.runId}_${process.pid}_${(counter += 1)}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${seeded ? template.seededTemplate : template.template}"`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of this test file's own, migrated, from the run's template; `seeded`: with the demo
 * organisation as seedDemoOrganisation writes it at TEST_EPOCH with DEMO_PASSWORD (global-setup.ts).
 */
export async function openTestDatabase(poolSize = 5, { seeded = false } = {}): Promise<DatabaseHandle> {
  const url = await freshPostgresUrl({ seeded });
  if (url) return openPostgres(url, poolSize);
  const template = inject('dbTemplate');
  if (template.kind !== 'pglite') throw new Error('unreachable');
  const dump = seeded ? template.seededFile : template.file;
  const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
  await client.waitReady;
  return wrapPglite(client);
}

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  clock: TestClock;
  /** Every line the server logged, as written. */
  logs: string[];
  /** The real SMTP receiver the server mails to. */
  mail: MailCatcher;
  login(email: string, password?: string): Promise<string>;
  /**
   * Waits until the session cache has heard every change committed so far: a test that writes
   * accounts or sessions straight to the database (as psql or another instance would) calls it
   * before the request that must see the change.
   */
  heard(): Promise<void>;
  close(): Promise<void>;
}

/** The real app over a real database with the demo organisation seeded; inject() speaks HTTP to it. */
export async function createTestContext(
  env: Record<string, string> = {},
  /**
   * poolSize: connections of the app on PostgreSQL (more for tests of concurrent requests);
   * database: a migrated database of the test's own instead of a fresh one, with its read replica.
   */
  options: { poolSize?: number; database?: DatabaseHandle; replica?: ReadReplica } = {},
): Promise<TestContext> {
  const clock = new TestClock();
  let handle = options.database;
  if (handle) await seedDemoOrganisation(handle.db, DEMO_PASSWORD, clock.now());
  else handle = await openTestDatabase(options.poolSize, { seeded: true });
  const mail = await startMailCatcher();
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    WEB_DIST_DIR: '/nonexistent',
    SMTP_URL: mail.url,
    SECRETS_KEY: 'the test suite’s key for sealed secrets, 32+ characters',
    ...env,
  });
  const { lines: logs, stream } = logCapture();
  const app = await buildApp(
    {
      db: handle.db,
      config,
      clock,
      sessionPolicy: { idleMinutes: 30, maxHours: 12 },
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR }),
      notices: handle.notices,
      poolStats: handle.poolStats,
      ...(options.replica ? { replica: options.replica } : {}),
    },
    // Debug by default, so that the tests of what is never logged see the request lines too.
    loggerOptions(env.LOG_LEVEL ?? 'debug', stream),
  );
  await app.ready();
  return {
    app,
    handle,
    clock,
    logs,
    mail,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/User/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ data: { token: string } }>().data.token;
    },
    heard: async () => {
      await app.sessionCache?.barrier();
    },
    async close() {
      await app.close();
      await handle.close();
      await mail.close();
    },
  };
}

/** A stream that keeps each log line written to it, for tests of what is (never) logged. */
export function logCapture(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The test context of a whole file: created before its first test and closed after its last. The
 * object is there at once and filled in before the tests run, so a file writes
 * `const ctx = useTestContext();` at its top and uses `ctx` inside its tests and helpers.
 */
export function useTestContext(...args: Parameters<typeof createTestContext>): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(...args));
  });
  afterAll(() => ctx.close());
  return ctx;
}

/** The PostgreSQL error under whatever wraps it. */
export async function refusal(run: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the statement should have been refused').toBeDefined();
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: string; message: string };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, message };
  }
  return { message: String(error) };
}

/** The envelope a test reads: `data` is cast where it is used. */
export type ApiAnswer = {
  success: boolean;
  message?: string;
  data: never;
  errors?: { field: string; message: string }[];
};

/**
 * A call of `/api` on the context's app as the holder of `token` (a session or an API key): its
 * status, envelope (empty for a file, such as a CSV export) and headers.
 */
export async function apiCall(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  const res = await ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json<ApiAnswer>() : ({} as ApiAnswer), headers: res.headers };
}
