import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailMessage, Mailer } from '../lib/mailer';

export interface MailQueueOptions {
  /** How often the outbox is read for due messages (also those another instance wrote). */
  pollMs?: number;
  /** The first retry waits this long; each further one twice as long, up to an hour. */
  retryBaseMs?: number;
  /** After this many failed attempts a message is marked failed and no longer tried. */
  maxAttempts?: number;
  /** How long a claimed row stays with the instance sending it (longer than any SMTP timeout). */
  leaseMs?: number;
  /** Only this process uses the database (PGlite): claims left by a killed process are void. */
  exclusive?: boolean;
}

const DEFAULTS: Required<MailQueueOptions> = {
  pollMs: 2_000,
  retryBaseMs: 30_000,
  maxAttempts: 12,
  leaseMs: 120_000,
  exclusive: false,
};
const MAX_RETRY_MS = 3_600_000;
const BATCH = 20;
type OutboxRow = typeof mailOutbox.$inferSelect;

const interval = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;

/**
 * A transactional outbox. `enqueue` writes the message to the database, in the caller's
 * transaction when given one, so the mail exists exactly when the change that causes it was
 * committed; the request does not wait for SMTP (forgot-password takes as long for an unknown
 * email as for a known one). The queue sends due rows, retries with backoff, and marks them sent.
 * Instances sharing one PostgreSQL claim rows with FOR UPDATE SKIP LOCKED and a lease, so no
 * message goes out twice while they run. Logs name the row, recipient and subject, never a body.
 */
export class MailQueue {
  private readonly options: Required<MailQueueOptions>;
  private readonly pending = new Set<Promise<unknown>>();
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  /** A row was written since the last delivery round: worth a look once the request is done. */
  fresh = false;

  constructor(
    private readonly db: Database,
    readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Writes the message to the outbox; pass the transaction of the change that causes it. Awaiting
   * is what makes it durable; a caller that does not await still gets it written (failures logged).
   */
  enqueue(message: MailMessage, db: Database = this.db): Promise<void> {
    const writing = db
      .insert(mailOutbox)
      .values({ recipient: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
      .then(() => {
        this.fresh = true;
      });
    this.pending.add(writing);
    writing.then(
      () => this.pending.delete(writing),
      (err: unknown) => {
        this.pending.delete(writing);
        this.log.error(
          { err, event: 'mail.enqueue-failed', to: message.to, subject: message.subject },
          'mail not queued',
        );
      },
    );
    return writing;
  }

  /**
   * Starts sending: now, every `pollMs`, and whenever `kick` is called. Mail waiting for a retry is
   * tried at once (a restart often follows a fix of the mail settings).
   */
  async start(): Promise<void> {
    if (this.options.exclusive) {
      await this.db
        .update(mailOutbox)
        .set({ claimedUntil: null })
        .where(sql`${mailOutbox.claimedUntil} IS NOT NULL`);
    }
    await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), gt(mailOutbox.nextAttemptAt, sql`now()`)));
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** One delivery round at a time; a kick during a round asks for another. */
  kick(): void {
    this.fresh = false;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err, event: 'mail.queue-failed' }, 'mail queue round failed'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for pending writes and the current round, then sends whatever is due now. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.running;
    await this.deliverDue();
  }

  /** Stops polling and waits for the message being sent; unsent rows stay for the next start. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.pending]);
    await this.running;
  }

  /** Sends every due row, batch by batch; returns how many were tried. */
  async deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return tried;
      for (const row of batch) await this.deliver(row);
      tried += batch.length;
    }
  }

  private claim(): Promise<OutboxRow[]> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({ claimedUntil: interval(this.options.leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const about = { id: row.id, to: row.recipient, subject: row.subject, attempt: row.attempts };
    try {
      const message = { to: row.recipient, subject: row.subject, text: row.textBody ?? '', html: row.htmlBody ?? '' };
      const { where } = await this.mailer.send(message, row.id);
      // The codes and links inside are no longer needed once the message is out.
      await this.db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, claimedUntil: null, textBody: null, htmlBody: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      this.log.info({ event: 'mail.sent', ...about, where }, 'mail sent');
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const final = row.attempts >= this.options.maxAttempts;
      const wait = Math.min(this.options.retryBaseMs * 2 ** (row.attempts - 1), MAX_RETRY_MS);
      await this.db
        .update(mailOutbox)
        .set({
          claimedUntil: null,
          nextAttemptAt: interval(wait),
          lastError: error.slice(0, 500),
          ...(final ? { failedAt: sql`now()`, textBody: null, htmlBody: null } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
      if (final) this.log.error({ event: 'mail.failed', ...about, error }, 'mail not sent, giving up');
      else this.log.warn({ event: 'mail.retry', ...about, error, retryInMs: wait }, 'mail not sent, will retry');
    }
  }
}
