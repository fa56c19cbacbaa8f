import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAGES } from '@portal/contracts/pages';
import type { Database } from '../../db/client';
import type { NoticeSource } from '../../db/notices';
import { accounts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { MailQueue } from '../../core/mail-outbox';
import { QueueRunner, type QueueStates, type Verdict } from '../../core/work-queue';
import { postTo, type PostOutcome } from '../../lib/http-post';
import { webhookDisabledMail } from '../../lib/mail-templates';
import { localeOfAccount } from '../../lib/i18n/locale';
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

/** The deliveries by state; a Failed one is dead here, and Resend on its screen queues it again. */
export const WEBHOOK_STATES = {
  name: 'webhook',
  table: webhookDeliveries,
  pending: eq(webhookDeliveries.status, 'Pending'),
  dead: eq(webhookDeliveries.status, 'Failed'),
  label: sql`${webhookDeliveries.eventType} || ' to webhook ' || ${webhookDeliveries.endpointId}::text`,
} satisfies QueueStates<typeof webhookDeliveries>;
type Endpoint = typeof webhookEndpoints.$inferSelect;
type Tried = PostOutcome & { endpoint: Endpoint };

/**
 * Sends the deliveries webhook_emit wrote (decision 033), as a kind of queued work (work-queue.ts,
 * decision 034): polled every second and woken by the database's notice at each commit that wrote
 * one. One instance sends each attempt; a process killed mid-send leaves its claim to expire and
 * the delivery is sent again (at least once: receivers drop repeats by webhook-id). A batch's
 * endpoints are read in one query and posted to at once.
 */
export class WebhookDispatcher {
  readonly runner: QueueRunner<typeof webhookDeliveries, Claimed, Tried>;

  constructor(private readonly options: DispatcherOptions) {
    this.runner = new QueueRunner(
      {
        ...WEBHOOK_STATES,
        batch: BATCH,
        leaseMs: options.timeoutMs + 30_000,
        retrySeconds: options.retrySeconds,
        attempt: (rows) => this.attempt(rows),
        columns: (_row, outcome, verdict) => ({
          status: verdict === 'done' ? 'Succeeded' : verdict === 'dead' ? 'Failed' : 'Pending',
          lastAttemptAt: sql`now()`,
          lastStatusCode: outcome.statusCode,
          lastDurationMs: outcome.durationMs,
        }),
        after: (tx, _row, outcome, verdict) => this.noteOutcome(tx, outcome, verdict),
        report: (row, outcome, verdict, wait) => this.report(row, outcome, verdict, wait),
      },
      {
        db: options.db,
        log: options.log,
        pollMs: options.pollMs ?? 1000,
        exclusive: options.exclusive,
        wakeOn: { notices: options.notices, channel: WEBHOOK_CHANNEL },
      },
    );
  }

  /** Deliveries this instance sent, and attempts that failed (the metrics read these). */
  get sent(): number {
    return this.runner.counts.done;
  }
  get failed(): number {
    return this.runner.counts.retried + this.runner.counts.dead;
  }

  start(): Promise<void> {
    return this.runner.start();
  }
  stop(): Promise<void> {
    return this.runner.stop();
  }
  kick(): void {
    this.runner.kick();
  }
  /** Sends every due delivery now (tests). */
  deliverDue(): Promise<number> {
    return this.runner.runDue();
  }

  /** One attempt of each claimed delivery at once; an endpoint deleted since took its deliveries with it. */
  private async attempt(rows: Claimed[]): Promise<(Tried | null)[]> {
    const endpoints = await this.options.db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(rows.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return Promise.all(
      rows.map(async (row) => {
        const endpoint = byId.get(row.endpointId);
        if (!endpoint) return null;
        // A row that cannot even be tried (a secret sealed under another key) fails alone, on the
        // retry schedule like any other failure; the batch's other outcomes are recorded.
        const outcome = endpoint.enabled
          ? await this.post(endpoint, row).catch((error: unknown): PostOutcome => ({
              statusCode: null,
              durationMs: 0,
              error: `not sent: ${error instanceof Error ? error.message : String(error)}`,
            }))
          : disabledOutcome;
        return { ...outcome, endpoint };
      }),
    );
  }

  private async post(endpoint: Endpoint, row: Claimed): Promise<PostOutcome> {
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

  /** The attempt's outcome on the endpoint: failing since when, disabled past the limit. */
  private async noteOutcome(tx: Database, { endpoint }: Tried, verdict: Verdict): Promise<void> {
    if (verdict === 'done') {
      // Read from the row, not the copy read before the POST: another failure may have set it since.
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, endpoint.id), isNotNull(webhookEndpoints.failingSince)));
    } else if (endpoint.enabled) {
      await this.noteFailure(tx, endpoint);
    }
  }

  private report(row: Claimed, outcome: Tried, verdict: Verdict, wait: number | undefined): void {
    const about = {
      event: 'webhook.attempt',
      delivery: row.id,
      endpoint: outcome.endpoint.id,
      type: row.eventType,
      attempt: row.attempts,
    };
    const { log } = this.options;
    if (verdict === 'done')
      log.info({ ...about, status: outcome.statusCode, ms: outcome.durationMs }, 'webhook delivered');
    else
      log.warn(
        { ...about, status: outcome.statusCode, error: outcome.error, retryInSeconds: wait ?? null },
        'webhook not delivered',
      );
  }

  private async noteFailure(tx: Database, endpoint: Endpoint): Promise<void> {
    const { disableAfterHours, mail, log, publicUrl } = this.options;
    const [since] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ at: webhookEndpoints.failingSince });
    const limit = Date.now() - disableAfterHours * 3_600_000;
    if (!since?.at || since.at.getTime() > limit) return;
    const reason = `Every delivery failed for ${disableAfterHours} hours.`;
    // Only the attempt that disables it mails and audits: others of the same batch find it disabled.
    const disabled = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (disabled.length === 0) return;
    const [owner] = await tx
      .select({ email: accounts.email, locale: accounts.locale })
      .from(accounts)
      .where(eq(accounts.id, endpoint.accountId));
    if (owner) {
      const settings = new URL(PAGES.webhooks, publicUrl).toString();
      await mail.enqueue(
        webhookDisabledMail(owner.email, endpoint.url, disableAfterHours, settings, localeOfAccount(owner)),
        tx,
      );
    }
    await recordSystemAudit(tx, log, 'webhook.disable', endpoint.accountId, new Date(), { webhook: endpoint.id });
  }
}

const disabledOutcome: PostOutcome = { statusCode: null, durationMs: 0, error: 'the webhook is disabled' };
