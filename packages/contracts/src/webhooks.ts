import { z } from 'zod';
import { pageNumberField, pageSizeField } from './envelope';
import { idField, inputObject, text } from './fields';

/**
 * Webhooks (docs/decisions/033-webhooks.md): an Admin's endpoints that are told of what happens in
 * its organisation, signed per the Standard Webhooks specification (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`; secrets `whsec_…`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'license.issued',
  'license.allocated',
  'license.revoked',
  'license.reserved',
  'license.consumed',
  'license.released',
  'lot.expiring',
  'stock.low',
  'job.started',
  'job.completed',
  'mailbox.completed',
  'apikey.created',
  'apikey.revoked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event `POST /Webhook/{id}/test` sends; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The event types as the screen groups and names them. */
export const WEBHOOK_EVENT_GROUPS: { title: string; events: { type: WebhookEventType; label: string }[] }[] = [
  {
    title: 'License stock',
    events: [
      { type: 'license.issued', label: 'A lot was issued' },
      { type: 'license.allocated', label: 'Units were allocated' },
      { type: 'license.revoked', label: 'Units were revoked' },
      { type: 'license.reserved', label: 'A migration reserved a unit' },
      { type: 'license.consumed', label: 'A migration consumed a unit' },
      { type: 'license.released', label: 'A migration released a unit' },
    ],
  },
  {
    title: 'Alerts',
    events: [
      { type: 'lot.expiring', label: 'Lots expire soon' },
      { type: 'stock.low', label: 'A product runs low' },
    ],
  },
  {
    title: 'Migrations',
    events: [
      { type: 'job.started', label: 'A job started' },
      { type: 'job.completed', label: 'A job ended' },
      { type: 'mailbox.completed', label: 'A mailbox ended' },
    ],
  },
  {
    title: 'API keys',
    events: [
      { type: 'apikey.created', label: 'An API key was created' },
      { type: 'apikey.revoked', label: 'An API key was revoked' },
    ],
  },
];

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;

export const WEBHOOK_MSG = {
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a full URL, such as https://example.com/webhooks',
  urlTooLong: `The URL must not be longer than ${WEBHOOK_URL_MAX_LENGTH} characters.`,
  urlScheme: 'The URL must start with https://',
  urlCredentials: 'The URL must not hold a user name or password',
  urlRefused: 'This address is not allowed: it is on a private, loopback or link-local network',
  urlUnresolved: 'This host name could not be found',
  eventsRequired: 'Choose at least one event',
  eventRepeated: 'Each event can be chosen once only',
  descriptionTooLong: `Description must not be longer than ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters.`,
  notFound: 'Webhook not found.',
  deliveryNotFound: 'Delivery not found.',
  created: 'Webhook created. Copy its signing secret now: it will not be shown again.',
  deleted: 'Webhook deleted.',
  rotated: 'Signing secret rotated. The previous one keeps signing alongside for 24 hours.',
  testQueued: 'Test event queued.',
  resendQueued: 'Delivery queued again.',
  disabled: 'This webhook is disabled. Deliveries resume once it is enabled.',
  enabled: 'Webhook enabled.',
} as const;

/** `POST /Webhook`: an endpoint of the caller's organisation. */
export const createWebhookSchema = inputObject({
  url: text({ error: WEBHOOK_MSG.urlRequired })
    .trim()
    .min(1, WEBHOOK_MSG.urlRequired)
    .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MSG.urlTooLong)
    .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, WEBHOOK_MSG.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES), { error: WEBHOOK_MSG.eventsRequired })
    .min(1, WEBHOOK_MSG.eventsRequired)
    .max(WEBHOOK_EVENT_TYPES.length, WEBHOOK_MSG.eventRepeated)
    .refine((events) => new Set(events).size === events.length, WEBHOOK_MSG.eventRepeated),
  description: text().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MSG.descriptionTooLong).default(''),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

/** The answer of `POST /Webhook` and of a rotation: the only time the secret is shown. */
export const webhookSecretSchema = z.object({ id: z.string(), secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['Pending', 'Succeeded', 'Failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An endpoint as listed: never its secret. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it was disabled (failing for days), or null. */
  disabledReason: z.string().nullable(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  /** Until when the previous secret still signs beside the current one, or null. */
  previousSecretUntil: z.string().nullable(),
  /** The last delivery attempt's outcome and time, or null before the first. */
  lastAttemptAt: z.string().nullable(),
  lastAttemptOk: z.boolean().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookParamsSchema = inputObject({ id: idField });
export const webhookDeliveryParamsSchema = inputObject({ id: idField, deliveryId: idField });

/** One delivery of an event to an endpoint, with its last attempt. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt, for receivers to drop duplicates. */
  messageId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** The answer's HTTP status, or null when none came (refused, timed out, unreachable). */
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = inputObject({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  pageNumber: pageNumberField,
  pageSize: pageSizeField(200, 50),
});
