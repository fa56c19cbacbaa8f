import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logCapture, openTestDatabase } from '../../test/helper';
import { freePort, type MailCatcher, startMailCatcher } from '../../test/mail-catcher';
import type { DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createMailer } from '../lib/mailer';
import { MailQueue, type MailQueueOptions } from './mail-outbox';

let handle: DatabaseHandle;
const { lines: logs, stream } = logCapture();
const log = pino({ level: 'info' }, stream);
const catchers: MailCatcher[] = [];
const queues: MailQueue[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
});
// Each test's queues stop with it, so that none sends another test's rows to its own receiver.
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  await Promise.all(catchers.splice(0).map((catcher) => catcher.close()));
});
afterAll(() => handle.close());

const FAST: MailQueueOptions = { pollMs: 25, retryBaseMs: 25, leaseMs: 60_000 };

function queueTo(port: number, options: MailQueueOptions = FAST): MailQueue {
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'portal@localhost',
    dataDir: '/nonexistent',
  });
  const queue = new MailQueue(handle.db, mailer, log, options);
  queues.push(queue);
  return queue;
}

async function catcherOn(port: number): Promise<MailCatcher> {
  const catcher = await startMailCatcher(undefined, port);
  catchers.push(catcher);
  return catcher;
}

const message = (to: string, secret: string) => ({
  to,
  subject: 'Your code',
  text: `The code is ${secret}.`,
  html: `<p>The code is ${secret}.</p>`,
});
const rowsTo = (to: string) => handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

describe('the mail outbox', () => {
  it('keeps a message only if its transaction commits', async () => {
    const queue = queueTo(await freePort());
    await expect(
      handle.db.transaction(async (tx) => {
        await queue.enqueue(message('rolled@example.com', 'R0LLED'), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await handle.db.transaction((tx) => queue.enqueue(message('kept@example.com', 'KEPT01'), tx));
    expect(await rowsTo('rolled@example.com')).toHaveLength(0);
    expect(await rowsTo('kept@example.com')).toHaveLength(1);
  });

  it('retries while the SMTP server is down, sends once it is up, marks it sent and logs no body', async () => {
    const port = await freePort();
    const queue = queueTo(port);
    await queue.enqueue(message('retry@example.com', 'S3CRET'));
    await queue.start();
    await vi.waitFor(async () => expect((await rowsTo('retry@example.com'))[0]?.attempts).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
      interval: 20,
    });
    const [waiting] = await rowsTo('retry@example.com');
    expect(waiting?.sentAt).toBeNull();
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const catcher = await catcherOn(port);
    const received = await catcher.waitFor('retry@example.com', /your code/i);
    expect(received.text).toContain('S3CRET');
    await vi.waitFor(async () => expect((await rowsTo('retry@example.com'))[0]?.sentAt).not.toBeNull(), {
      timeout: 5_000,
      interval: 20,
    });
    const [sent] = await rowsTo('retry@example.com');
    expect(sent).toMatchObject({ textBody: null, htmlBody: null, lastError: null });
    await queue.drain();
    expect(catcher.messages.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
    expect(logs.some((line) => line.includes('mail.retry'))).toBe(true);
    expect(logs.some((line) => line.includes('mail.sent') && line.includes('retry@example.com'))).toBe(true);
    expect(logs.join('')).not.toContain('S3CRET');
  });

  it('survives a restart: what one queue could not send, the next one sends', async () => {
    const port = await freePort();
    // Default timings: the failed attempt is not due again for 30 seconds.
    const first = queueTo(port, {});
    await first.enqueue(message('restart@example.com', 'RESTRT'));
    await first.drain();
    await first.stop();
    const [waiting] = await rowsTo('restart@example.com');
    expect(waiting?.sentAt).toBeNull();
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);

    const catcher = await catcherOn(port);
    const second = queueTo(port);
    await second.start();
    await catcher.waitFor('restart@example.com', /your code/i);
  });

  it('with an exclusive database, takes back the claims a killed process left', async () => {
    const port = await freePort();
    const catcher = await catcherOn(port);
    const [row] = await handle.db
      .insert(mailOutbox)
      .values({ recipient: 'claimed@example.com', subject: 'Your code', textBody: 'x', htmlBody: 'x' })
      .returning();
    // As a process killed while sending would leave it: claimed for a long lease.
    await handle.db
      .update(mailOutbox)
      .set({ attempts: 1, claimedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(mailOutbox.id, row!.id));
    const queue = queueTo(port, { ...FAST, exclusive: true });
    await queue.start();
    await catcher.waitFor('claimed@example.com', /your code/i);
  });

  it('never sends one message twice when several instances send from one database', async () => {
    const port = await freePort();
    const catcher = await catcherOn(port);
    const recipients = Array.from({ length: 30 }, (_, i) => `many${i}@example.com`);
    const writer = queueTo(port);
    for (const to of recipients) await writer.enqueue(message(to, 'MANY00'));
    const instances = [queueTo(port), queueTo(port), queueTo(port)];
    await Promise.all(instances.map((queue) => queue.start()));
    await Promise.all(recipients.map((to) => catcher.waitFor(to, /your code/i, 30_000)));
    await Promise.all(instances.map((queue) => queue.drain()));
    const many = catcher.messages.filter((m) => m.to.startsWith('many'));
    expect(many).toHaveLength(recipients.length);
    expect(new Set(many.map((m) => m.to)).size).toBe(recipients.length);
  }, 60_000);
});
