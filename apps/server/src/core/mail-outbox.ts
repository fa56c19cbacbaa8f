import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailMessage, Mailer } from '../lib/mailer';
import {
  type Attempt,
  doublingSchedule,
  type QueueKind,
  QueueRunner,
  type QueueStates,
  type Verdict,
} from './work-queue';

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
const MAX_RETRY_SECONDS = 3_600;
type OutboxRow = typeof mailOutbox.$inferSelect;
type Sent = Attempt & { where?: string };

/** The outbox's rows by state. A dead message lost its body when it gave up (the codes inside). */
export const MAIL_STATES = {
  name: 'mail',
  table: mailOutbox,
  pending: and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt))!,
  dead: isNotNull(mailOutbox.failedAt),
  label: sql`${mailOutbox.subject} || ' to ' || ${mailOutbox.recipient}`,
} satisfies QueueStates<typeof mailOutbox>;

/** The mail outbox as a kind of queued work: rows tried one at a time, SMTP being one connection. */
function mailKind(mailer: Mailer, log: FastifyBaseLogger, options: Required<MailQueueOptions>) {
  return {
    ...MAIL_STATES,
    // One message per claim: each is marked sent as soon as it is out, so a process killed
    // mid-round, or a slow SMTP server outlasting a lease, sends no message twice.
    batch: 1,
    leaseMs: options.leaseMs,
    retrySeconds: doublingSchedule(options.retryBaseMs / 1000, MAX_RETRY_SECONDS, options.maxAttempts - 1),
    async attempt(rows: OutboxRow[]): Promise<Sent[]> {
      const outcomes: Sent[] = [];
      for (const row of rows) {
        const message = { to: row.recipient, subject: row.subject, text: row.textBody ?? '', html: row.htmlBody ?? '' };
        try {
          const { where } = await mailer.send(message, row.id);
          outcomes.push({ error: null, where });
        } catch (err) {
          outcomes.push({ error: err instanceof Error ? err.message : String(err) });
        }
      }
      return outcomes;
    },
    // The codes and links inside are no longer needed once the message is out, or given up on.
    columns: (_row: OutboxRow, _outcome: Sent, verdict: Verdict) =>
      verdict === 'retry'
        ? {}
        : {
            ...(verdict === 'done' ? { sentAt: sql`now()` } : { failedAt: sql`now()` }),
            textBody: null,
            htmlBody: null,
          },
    report(row: OutboxRow, outcome: Sent, verdict: Verdict, retryInSeconds: number | undefined): void {
      const about = { id: row.id, to: row.recipient, subject: row.subject, attempt: row.attempts };
      if (verdict === 'done') log.info({ event: 'mail.sent', ...about, where: outcome.where }, 'mail sent');
      else if (verdict === 'dead')
        log.error({ event: 'mail.failed', ...about, error: outcome.error }, 'mail not sent, giving up');
      else
        log.warn(
          { event: 'mail.retry', ...about, error: outcome.error, retryInMs: (retryInSeconds ?? 0) * 1000 },
          'mail not sent, will retry',
        );
    },
  } satisfies QueueKind<typeof mailOutbox, OutboxRow, Sent>;
}

/**
 * A transactional outbox. `enqueue` writes the message to the database, in the caller's
 * transaction when given one, so the mail exists exactly when the change that causes it was
 * committed; the request does not wait for SMTP (forgot-password takes as long for an unknown
 * email as for a known one). The queue runner (work-queue.ts, decision 034) sends due rows,
 * retries with backoff, and marks them sent, or failed once its retries are spent. Logs name the
 * row, recipient and subject, never a body.
 */
export class MailQueue {
  private readonly pending = new Set<Promise<unknown>>();
  readonly runner: QueueRunner<typeof mailOutbox, OutboxRow, Sent>;
  /** A row was written since the last delivery round: worth a look once the request is done. */
  fresh = false;

  constructor(
    private readonly db: Database,
    readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    const settled = { ...DEFAULTS, ...options };
    this.runner = new QueueRunner(mailKind(mailer, log, settled), {
      db,
      log,
      pollMs: settled.pollMs,
      exclusive: settled.exclusive,
      retryAtStart: true,
    });
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

  /** Starts sending: now, every `pollMs`, and whenever `kick` is called. */
  start(): Promise<void> {
    return this.runner.start();
  }

  kick(): void {
    this.fresh = false;
    this.runner.kick();
  }

  /** Waits for pending writes and the current round, then sends whatever is due now. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.runner.drain();
  }

  /** Stops polling and waits for the message being sent; unsent rows stay for the next start. */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.runner.stop();
  }

  /** Sends every due row, batch by batch; returns how many were tried. */
  deliverDue(): Promise<number> {
    return this.runner.runDue();
  }
}
