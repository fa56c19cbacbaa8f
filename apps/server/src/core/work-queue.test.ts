import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logCapture, openTestDatabase } from '../../test/helper';
import { freePort } from '../../test/mail-catcher';
import type { DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createMailer } from '../lib/mailer';
import { MAIL_STATES, MailQueue } from './mail-outbox';
import { type Attempt, deadLetters, queueDepths, QueueRunner } from './work-queue';

let handle: DatabaseHandle;
const { lines: logs, stream } = logCapture();
const log = pino({ level: 'info' }, stream);
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

type Row = typeof mailOutbox.$inferSelect;
const write = (recipient: string) =>
  handle.db
    .insert(mailOutbox)
    .values({ recipient, subject: 'Probe', textBody: 'body', htmlBody: 'body' })
    .returning({ id: mailOutbox.id })
    .then(([row]) => row!.id);
const rowOf = async (id: number) => (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** A kind over the outbox's rows addressed to `recipient`, tried by `attempt`. */
function runnerFor(
  recipient: string,
  attempt: (rows: Row[]) => Promise<Attempt[]>,
  extra: { after?: (row: Row) => Promise<void>; pollMs?: number } = {},
) {
  return new QueueRunner(
    {
      ...MAIL_STATES,
      pending: sql`${MAIL_STATES.pending} AND ${mailOutbox.recipient} = ${recipient}`,
      batch: 10,
      leaseMs: 60_000,
      retrySeconds: [0, 0],
      attempt,
      columns: (_row, _outcome, verdict) =>
        verdict === 'done' ? { sentAt: sql`now()` } : verdict === 'dead' ? { failedAt: sql`now()` } : {},
      ...(extra.after ? { after: (_tx: unknown, row: Row) => extra.after!(row) } : {}),
      report: () => undefined,
    },
    { db: handle.db, log, pollMs: extra.pollMs ?? 60_000, wakeOn: { notices: handle.notices, channel: 'probe' } },
  );
}

describe('the queue runner', () => {
  it('retries on its schedule, then leaves the row dead with its last error, counted and listed', async () => {
    const id = await write('dead@example.com');
    const runner = runnerFor('dead@example.com', async (rows) => rows.map(() => ({ error: 'connection refused' })));
    for (let round = 0; round < 3; round += 1) await runner.runDue();
    expect(await runner.runDue()).toBe(0);
    expect(runner.counts).toEqual({ done: 0, retried: 2, dead: 1 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ attempts: 3, lastError: 'connection refused', claimedUntil: null, sentAt: null });
    expect(row.failedAt).not.toBeNull();
    const dead = await deadLetters(handle.db, MAIL_STATES);
    expect(dead).toContainEqual({
      kind: 'mail',
      id: String(id),
      label: 'Probe to dead@example.com',
      attempts: 3,
      lastError: 'connection refused',
    });
    const depths = await queueDepths(handle.db, [MAIL_STATES]);
    expect(depths.find((d) => d.state === 'dead')!.count).toBeGreaterThanOrEqual(1);
  });

  it('records a batch in one transaction, and row by row when one row cannot be recorded', async () => {
    const ids = [await write('batch@example.com'), await write('batch@example.com'), await write('batch@example.com')];
    const [, bad] = ids;
    const runner = runnerFor('batch@example.com', async (rows) => rows.map(() => ({ error: null })), {
      after: async (row) => {
        if (row.id === bad) throw new Error('this row cannot be recorded');
      },
    });
    expect(await runner.runDue()).toBe(3);
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.map((row) => row.sentAt !== null)).toEqual([true, false, true]);
    // The bad row keeps its claim: tried again once the lease passes, not at once.
    expect(rows[1]!.claimedUntil).not.toBeNull();
    expect(runner.counts.done).toBe(2);
    expect(logs.join('\n')).toContain('mail.record-failed');
  });

  it('wakes at the notice of a commit, long before its next poll', async () => {
    const seen: number[] = [];
    const runner = runnerFor('wake@example.com', async (rows) => {
      seen.push(...rows.map((row) => row.id));
      return rows.map(() => ({ error: null }));
    });
    await runner.start();
    try {
      const id = await handle.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({ recipient: 'wake@example.com', subject: 'Probe' })
          .returning({ id: mailOutbox.id });
        await tx.execute(sql`SELECT pg_notify('probe', '')`);
        return row!.id;
      });
      await vi.waitFor(() => expect(seen).toContain(id), { timeout: 3_000, interval: 20 });
    } finally {
      await runner.stop();
    }
  });

  it('gives a mail up after its attempts, without the body it held', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: 'portal@localhost',
      dataDir: '/nonexistent',
    });
    const queue = new MailQueue(handle.db, mailer, log, { maxAttempts: 2, retryBaseMs: 1, pollMs: 60_000 });
    await queue.enqueue({ to: 'gone@example.com', subject: 'Your code', text: 'code 123456', html: '<p>123456</p>' });
    await queue.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.drain();
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'gone@example.com'));
    expect(row).toMatchObject({ attempts: 2, textBody: null, htmlBody: null, sentAt: null });
    expect(row!.failedAt).not.toBeNull();
    expect(row!.lastError).toBeTruthy();
    expect(queue.runner.counts).toEqual({ done: 0, retried: 1, dead: 1 });
    mailer.close();
  });
});
