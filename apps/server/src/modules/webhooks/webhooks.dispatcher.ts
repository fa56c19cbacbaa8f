import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAGES } from '@portal/contracts/pages';
import type { Database } from '../../db/client';
import type { NoticeSource } from '../../db/notices';
import { accounts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { MailQueue } from '../../core/mail-outbox';
import { postTo, type PostOutcome } from '../../lib/http-post';
import { webhookDisabledMail } from '../../lib/mail-templates';
import { RefusedAddressError, resolveAllowed } from '../../lib/network-guard';
import type { SecretBox } from '../../lib/secret-box';
import { recordSystemAudit } from '../audit';
import { signatureOf } from './webhooks.secrets';

export const WEBHOOK_CHANNEL = 'portal_webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook deliveries' sender (tests drain it with deliverDue). */
    webhooks: WebhookDispatcher;
  }
}
const BATCH = 10;

export interface DispatcherOptions {
  db: Database;
  secrets: SecretBox | null | undefined;
  mail: MailQueue;
  log: FastifyBaseLogger;
  notices?: NoticeSource;
  /** Seconds before each retry; past the last, the delivery is Failed. */
  retrySeconds: number[];
  timeoutMs: number;
  allowPrivate: boolean;
  disableAfterHours: number;
  publicUrl: string;
  pollMs?: number;
  /** Only this process uses the database (PGlite): claims a killed process left are void at start. */
  exclusive?: boolean;
}

type Claimed = typeof webhookDeliveries.$inferSelect;

/**
 * Sends the deliveries webhook_emit wrote (decision 033): polled every second and woken by the
 * database's notice at each commit that wrote one. Instances claim rows with FOR UPDATE SKIP LOCKED
 * and a lease, so one sends each attempt; a process killed mid-send leaves the claim to expire and
 * the delivery is sent again (at least once: receivers drop repeats by webhook-id).
 */
export class WebhookDispatcher {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private subscription: { close(): Promise<void> } | undefined;
  sent = 0;
  failed = 0;

  constructor(private readonly options: DispatcherOptions) {}

  async start(): Promise<void> {
    const { db } = this.options;
    if (this.options.exclusive) {
      await db
        .update(webhookDeliveries)
        .set({ claimedUntil: null })
        .where(sql`${webhookDeliveries.claimedUntil} IS NOT NULL`);
    }
    this.subscription = await this.options.notices?.listen(WEBHOOK_CHANNEL, {
      message: () => this.kick(),
      ready: () => this.kick(),
      lost: () => undefined,
    });
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.subscription?.close();
    await this.running;
  }

  /** One round at a time; a kick during a round asks for another. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(
        () => undefined,
        (err: unknown) => this.options.log.error({ err, event: 'webhook.round-failed' }, 'webhook round failed'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends every due delivery, a batch at a time (each batch's endpoints at once). */
  async deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return tried;
      const endpoints = await this.options.db
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(batch.map((row) => row.endpointId))]));
      const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
      await Promise.all(batch.map((row) => this.attempt(row, byId.get(row.endpointId))));
      tried += batch.length;
    }
  }

  private claim(): Promise<Claimed[]> {
    const { db, timeoutMs } = this.options;
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'Pending'),
          lte(webhookDeliveries.nextAttemptAt, sql`now()`),
          or(isNull(webhookDeliveries.claimedUntil), lte(webhookDeliveries.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(webhookDeliveries)
      .set({
        claimedUntil: sql`now() + ${`${timeoutMs + 30_000} milliseconds`}::interval`,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
  }

  /** One attempt of a claimed delivery; an endpoint deleted since took its deliveries with it. */
  private async attempt(row: Claimed, endpoint: typeof webhookEndpoints.$inferSelect | undefined): Promise<void> {
    if (!endpoint) return;
    const outcome = endpoint.enabled ? await this.post(endpoint, row) : disabledOutcome;
    await this.record(row, endpoint, outcome);
  }

  private async post(endpoint: typeof webhookEndpoints.$inferSelect, row: Claimed): Promise<PostOutcome> {
    const { secrets, allowPrivate, timeoutMs } = this.options;
    const url = new URL(endpoint.url);
    let address;
    try {
      // Checked again at every attempt, after DNS: the name may point elsewhere since registration.
      address = await resolveAllowed(url, allowPrivate);
    } catch (error) {
      if (error instanceof RefusedAddressError)
        return { statusCode: null, durationMs: 0, error: `refused: ${error.message}` };
      throw error;
    }
    if (!secrets) return { statusCode: null, durationMs: 0, error: 'no SECRETS_KEY on the server' };
    const now = new Date();
    const signing = [secrets.open(endpoint.secret)];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
      signing.push(secrets.open(endpoint.previousSecret));
    }
    const body = JSON.stringify(row.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'MigrateHub-License-Portal-Webhooks/1',
      'webhook-id': row.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signatureOf(signing, row.messageId, now, body),
    };
    return postTo(url, address, headers, body, timeoutMs);
  }

  /** The attempt's outcome on the delivery, and on the endpoint: failing since when, disabled past the limit. */
  private async record(row: Claimed, endpoint: typeof webhookEndpoints.$inferSelect, outcome: PostOutcome) {
    const { db, retrySeconds, log } = this.options;
    const ok = outcome.error === null;
    const wait = retrySeconds[row.attempts - 1];
    const about = {
      event: 'webhook.attempt',
      delivery: row.id,
      endpoint: endpoint.id,
      type: row.eventType,
      attempt: row.attempts,
    };
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: ok ? 'Succeeded' : wait === undefined ? 'Failed' : 'Pending',
          claimedUntil: null,
          lastAttemptAt: sql`now()`,
          lastStatusCode: outcome.statusCode,
          lastDurationMs: outcome.durationMs,
          lastError: outcome.error?.slice(0, 300) ?? null,
          ...(ok || wait === undefined ? {} : { nextAttemptAt: sql`now() + ${`${wait} seconds`}::interval` }),
        })
        .where(eq(webhookDeliveries.id, row.id));
      if (ok) {
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      } else if (endpoint.enabled) {
        await this.noteFailure(tx, endpoint);
      }
    });
    if (ok) this.sent += 1;
    else this.failed += 1;
    if (ok) log.info({ ...about, status: outcome.statusCode, ms: outcome.durationMs }, 'webhook delivered');
    else
      log.warn(
        { ...about, status: outcome.statusCode, error: outcome.error, retryInSeconds: wait ?? null },
        'webhook not delivered',
      );
  }

  private async noteFailure(tx: Database, endpoint: typeof webhookEndpoints.$inferSelect): Promise<void> {
    const { disableAfterHours, mail, log, publicUrl } = this.options;
    const [since] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ at: webhookEndpoints.failingSince });
    const limit = Date.now() - disableAfterHours * 3_600_000;
    if (!since?.at || since.at.getTime() > limit) return;
    const reason = `Every delivery failed for ${disableAfterHours} hours.`;
    await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const [owner] = await tx
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, endpoint.accountId));
    if (owner) {
      const settings = new URL(PAGES.webhooks, publicUrl).toString();
      await mail.enqueue(webhookDisabledMail(owner.email, endpoint.url, disableAfterHours, settings), tx);
    }
    await recordSystemAudit(tx, log, 'webhook.disable', endpoint.accountId, new Date(), { webhook: endpoint.id });
  }
}

const disabledOutcome: PostOutcome = { statusCode: null, durationMs: 0, error: 'the webhook is disabled' };
