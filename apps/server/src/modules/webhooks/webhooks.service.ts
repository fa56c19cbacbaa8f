import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { CreateWebhook, Webhook, WebhookDelivery, WebhookDeliveryStatus } from '@portal/contracts/webhooks';
import { WEBHOOK_MSG, WEBHOOK_TEST_EVENT } from '@portal/contracts/webhooks';
import type { Database } from '../../db/client';
import { accounts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { conflict, notFound, refuseField } from '../../core/errors';
import { pageOffset } from '../../core/paging';
import type { Principal } from '../../core/principal';
import { inScope, writeScope } from '../../core/scope';
import { RefusedAddressError, resolveAllowed } from '../../lib/network-guard';
import type { SecretBox } from '../../lib/secret-box';
import { newSigningSecret } from './webhooks.secrets';

/** Endpoints an Admin may hold: past this, one is surely a mistake. */
const MAX_ENDPOINTS = 20;
/** How long the previous secret keeps signing after a rotation. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Refuses, on the `url` field, an address the server may not send to (lib/network-guard.ts). */
export async function checkUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (!URL.canParse(url)) throw refuseField(400, 'url', WEBHOOK_MSG.urlInvalid);
  try {
    await resolveAllowed(new URL(url), allowPrivate);
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    const message = {
      unresolved: WEBHOOK_MSG.urlUnresolved,
      refused: WEBHOOK_MSG.urlRefused,
      scheme: WEBHOOK_MSG.urlScheme,
    }[error.reason];
    throw refuseField(400, 'url', new URL(url).username ? WEBHOOK_MSG.urlCredentials : message);
  }
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'Pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/**
 * The caller's endpoints (an Admin's and those of the Admins below it), newest first, or the one
 * named by `id`, with the last attempt of each one's newest attempted delivery (read off the
 * endpoint's delivery index, never by scanning its whole history).
 */
export async function listWebhooks(db: Database, principal: Principal, now: Date, id?: string): Promise<Webhook[]> {
  const lastAt = sql<string | null>`(SELECT d.last_attempt_at FROM webhook_deliveries d
    WHERE d.endpoint_id = ${webhookEndpoints.id} AND d.last_attempt_at IS NOT NULL
    ORDER BY d.created_at DESC LIMIT 1)`;
  const rows = await db
    .select({ endpoint: webhookEndpoints, ownerName: accounts.name, ownerEmail: accounts.email, lastAt })
    .from(webhookEndpoints)
    .innerJoin(accounts, eq(accounts.id, webhookEndpoints.accountId))
    .where(
      and(inScope(writeScope(principal), webhookEndpoints.accountId), id ? eq(webhookEndpoints.id, id) : undefined),
    )
    .orderBy(desc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(({ endpoint, ownerName, ownerEmail, lastAt }) => ({
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    ownerName,
    ownerEmail,
    createdAt: endpoint.createdAt.toISOString(),
    previousSecretUntil:
      endpoint.previousSecretUntil && endpoint.previousSecretUntil > now
        ? endpoint.previousSecretUntil.toISOString()
        : null,
    lastAttemptAt: lastAt ? new Date(lastAt).toISOString() : null,
    lastAttemptOk: lastAt ? endpoint.failingSince === null : null,
  }));
}

/** One endpoint the caller may manage, or 404; locked for the change when `lock` (in a transaction). */
export async function endpointFor(tx: Database, principal: Principal, id: string, lock = true): Promise<EndpointRow> {
  const query = tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), inScope(writeScope(principal), webhookEndpoints.accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(WEBHOOK_MSG.notFound);
  return row;
}

export async function createWebhook(
  tx: Database,
  principal: Principal,
  input: Required<CreateWebhook>,
  secrets: SecretBox,
): Promise<{ id: string; secret: string }> {
  const [held] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, principal.accountId));
  if ((held?.n ?? 0) >= MAX_ENDPOINTS) throw conflict(`An Admin can register at most ${MAX_ENDPOINTS} webhooks.`);
  const secret = newSigningSecret();
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      accountId: principal.accountId,
      url: input.url,
      description: input.description,
      events: input.events,
      secret: secrets.seal(secret),
    })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

export async function deleteWebhook(tx: Database, endpoint: EndpointRow): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
}

/** A new secret; the current one keeps signing beside it for 24 hours. */
export async function rotateSecret(tx: Database, endpoint: EndpointRow, secrets: SecretBox) {
  const secret = newSigningSecret();
  await tx
    .update(webhookEndpoints)
    .set({
      secret: secrets.seal(secret),
      previousSecret: endpoint.secret,
      // The database's clock, as the dispatcher's: the overlap is measured where signatures are made.
      previousSecretUntil: sql`now() + ${`${ROTATION_OVERLAP_MS} milliseconds`}::interval`,
    })
    .where(eq(webhookEndpoints.id, endpoint.id));
  return { id: endpoint.id, secret };
}

export async function setEnabled(tx: Database, endpointId: string, enabled: boolean, reason: string | null = null) {
  await tx
    .update(webhookEndpoints)
    .set({ enabled, disabledReason: enabled ? null : reason, ...(enabled ? { failingSince: null } : {}) })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** The test event, to this endpoint only, whatever it subscribes to. */
export async function queueTest(tx: Database, endpoint: EndpointRow, now: Date): Promise<WebhookDelivery> {
  if (!endpoint.enabled) throw conflict(WEBHOOK_MSG.disabled);
  const messageId = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  const payload = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { webhookId: endpoint.id, message: 'A test event from the license portal.' },
  };
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint.id, messageId, eventType: WEBHOOK_TEST_EVENT, payload })
    .returning();
  await tx.execute(sql`SELECT pg_notify('portal_webhooks', '')`);
  return toDelivery(row!);
}

/** A delivery sent again from its first retry on, under the same webhook-id. */
export async function resend(tx: Database, endpoint: EndpointRow, deliveryId: string): Promise<WebhookDelivery> {
  if (!endpoint.enabled) throw conflict(WEBHOOK_MSG.disabled);
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ status: 'Pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
    .returning();
  if (!row) throw notFound(WEBHOOK_MSG.deliveryNotFound);
  await tx.execute(sql`SELECT pg_notify('portal_webhooks', '')`);
  return toDelivery(row);
}

/** One page of an endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  query: { status?: WebhookDeliveryStatus; pageNumber: number; pageSize: number },
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.pageNumber, query.pageSize)),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows: rows.map(toDelivery), total: counted?.total ?? 0 };
}
