import { sql } from 'drizzle-orm';
import pino from 'pino';
import { fromDrizzle, PgBoss } from 'pg-boss';
import { MAIL_STATES } from '../apps/server/src/core/mail-outbox';
import { type Attempt, QueueRunner } from '../apps/server/src/core/work-queue';
import { type DatabaseHandle, openPostgres } from '../apps/server/src/db/client';
import { mailOutbox } from '../apps/server/src/db/schema';
import { freshDatabase } from './portal-session';

/**
 * The portal's queue runner (core/work-queue.ts) against pg-boss, on one PostgreSQL server, in one
 * run (decision 034). For each, the same three figures:
 *  - enqueue: jobs written per second, each in its own transaction beside the change that causes
 *    it (a row of `bench_changes`), by 10 concurrent clients;
 *  - drain: jobs done per second by one worker taking 20 at a time, with a handler that does nothing;
 *  - wake: from the commit that wrote a job to its handler's start, for jobs written one at a time
 *    (both woken by LISTEN/NOTIFY), p50 and p99.
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:queue [-- 2000]
 */
const SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JOBS = Number(process.argv[2] ?? 2000);
const CLIENTS = 10;
const WAKES = 200;
const CHANNEL = 'bench_queue';
const quiet = pino({ level: 'silent' });

interface Figures {
  enqueuePerSecond: number;
  drainPerSecond: number;
  wakeP50Ms: number;
  wakeP99Ms: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;

/** `count` transactions by CLIENTS clients at once; answers per second. */
async function concurrently(count: number, one: (n: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function until(done: () => boolean, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('the queue did not drain in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function portalRunner(handle: DatabaseHandle): Promise<Figures> {
  const { db } = handle;
  const wakes: number[] = [];
  let done = 0;
  const runner = new QueueRunner(
    {
      ...MAIL_STATES,
      batch: 20,
      leaseMs: 60_000,
      retrySeconds: [1],
      attempt: async (rows: (typeof mailOutbox.$inferSelect)[]): Promise<Attempt[]> => {
        const now = Date.now();
        for (const row of rows) if (row.subject.startsWith('wake ')) wakes.push(now - Number(row.subject.slice(5)));
        done += rows.length;
        return rows.map(() => ({ error: null }));
      },
      columns: () => ({ sentAt: sql`now()` }),
      report: () => undefined,
    },
    { db, log: quiet, pollMs: 1_000, wakeOn: { notices: handle.notices, channel: CHANNEL } },
  );
  const write = (subject: string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO bench_changes (note) VALUES (${subject})`);
      await tx.insert(mailOutbox).values({ recipient: 'bench@example.com', subject, textBody: 'x', htmlBody: 'x' });
      await tx.execute(sql`SELECT pg_notify(${CHANNEL}, '')`);
    });
  const enqueuePerSecond = await concurrently(JOBS, (n) => write(`job ${n}`));
  const started = performance.now();
  await runner.runDue();
  const drainPerSecond = done / ((performance.now() - started) / 1000);
  await runner.start();
  for (let n = 0; n < WAKES; n += 1) {
    await write(`wake ${Date.now()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await until(() => wakes.length === WAKES);
  await runner.stop();
  return { enqueuePerSecond, drainPerSecond, wakeP50Ms: percentile(wakes, 50), wakeP99Ms: percentile(wakes, 99) };
}

async function pgBoss(url: string, handle: DatabaseHandle): Promise<Figures> {
  const boss = new PgBoss({ connectionString: url, max: 5, useListenNotify: true, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue('bench', { notify: true });
  const { db } = handle;
  const write = (note: string, data: object) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO bench_changes (note) VALUES (${note})`);
      await boss.send('bench', data, { db: fromDrizzle(tx as never, sql as never) });
    });
  const enqueuePerSecond = await concurrently(JOBS, (n) => write(`job ${n}`, { n }));
  let done = 0;
  const wakes: number[] = [];
  const started = performance.now();
  let drained = 0;
  await boss.work<{ n?: number; at?: number }>(
    'bench',
    { batchSize: 20, pollingIntervalSeconds: 0.5, burstWhenBatchFull: true },
    async (jobs) => {
      const now = Date.now();
      for (const job of jobs) if (job.data.at !== undefined) wakes.push(now - job.data.at);
      done += jobs.length;
      if (done === JOBS) drained = performance.now();
    },
  );
  await until(() => drained > 0);
  const drainPerSecond = JOBS / ((drained - started) / 1000);
  for (let n = 0; n < WAKES; n += 1) {
    await write(`wake ${n}`, { at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await until(() => wakes.length === WAKES);
  const stopped = new Promise<void>((resolve) => boss.once('stopped', () => resolve()));
  await boss.stop({ graceful: true, timeout: 5_000 });
  await stopped;
  return { enqueuePerSecond, drainPerSecond, wakeP50Ms: percentile(wakes, 50), wakeP99Ms: percentile(wakes, 99) };
}

async function main(): Promise<void> {
  const database = await freshDatabase(SERVER, 'portal_bench_queue');
  const handle = openPostgres(database.url, CLIENTS);
  try {
    await handle.migrate();
    await handle.db.execute(sql`CREATE TABLE bench_changes (id bigserial PRIMARY KEY, note text NOT NULL)`);
    const portal = await portalRunner(handle);
    const boss = await pgBoss(database.url, handle);
    const line = (name: string, f: Figures) =>
      `${name.padEnd(22)} enqueue ${String(Math.round(f.enqueuePerSecond)).padStart(6)}/s   drain ${String(
        Math.round(f.drainPerSecond),
      ).padStart(
        6,
      )}/s   wake p50 ${String(round(f.wakeP50Ms)).padStart(6)} ms   p99 ${String(round(f.wakeP99Ms)).padStart(6)} ms`;
    process.stdout.write(`${JOBS} jobs, ${CLIENTS} clients, ${WAKES} wakes, PostgreSQL at ${new URL(SERVER).host}\n`);
    process.stdout.write(`${line('portal QueueRunner', portal)}\n${line('pg-boss', boss)}\n`);
    process.stdout.write(
      `ratios (portal / pg-boss): enqueue ${round(portal.enqueuePerSecond / boss.enqueuePerSecond)}  drain ${round(
        portal.drainPerSecond / boss.drainPerSecond,
      )}\n`,
    );
  } finally {
    await handle.close();
    // pg-boss's pool closes its sockets a moment after its stop resolves.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await database.drop();
  }
}

await main();
