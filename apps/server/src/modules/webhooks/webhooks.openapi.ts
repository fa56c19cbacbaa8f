import type { RouteDocs } from '../../core/endpoint';

const tags = ['Webhooks'];
const SIGNED =
  'Each delivery is a POST of `{ type, timestamp, data }` signed per the Standard Webhooks specification ' +
  '(`webhook-id`, `webhook-timestamp`, `webhook-signature`); a 2xx answer within 15 s is a success, anything ' +
  'else is retried (WEBHOOK_RETRY_SECONDS, about a day), and `webhook-id` is the same on every attempt.';

/** How the OpenAPI document describes each route of webhooks.routes.ts, by endpoint name. */
export const DOCS = {
  webhooks: {
    tags,
    summary: 'List webhooks',
    description:
      'The caller’s endpoints and those of the Admins below it, newest first, with their last attempt. Never a secret.',
  },
  createWebhook: {
    tags,
    summary: 'Register a webhook',
    description:
      'An endpoint told of the chosen events of the accounts in the caller’s subtree. The URL must be https and ' +
      'resolve to public addresses (checked now and at every delivery, after DNS; no redirect is followed); the ' +
      'operator may allow private networks, and plain http there, with WEBHOOK_ALLOW_PRIVATE_URLS. The answer holds ' +
      `the signing secret (\`whsec_…\`), the only time it is shown. ${SIGNED}`,
    refusals: {
      400: 'A URL that is not allowed or cannot be resolved, no event, an event twice.',
      409: 'Twenty webhooks already, or the server has no SECRETS_KEY.',
    },
  },
  deleteWebhook: {
    tags,
    summary: 'Delete a webhook',
    description: 'No more events are sent to it; its pending deliveries are dropped.',
    refusals: { 404: 'No webhook with this id that the caller may manage.' },
  },
  testWebhook: {
    tags,
    summary: 'Send a test event',
    description: 'Queues a `webhook.test` event to this endpoint only, signed like any other. Answers the delivery.',
    refusals: { 404: 'No webhook with this id that the caller may manage.', 409: 'The webhook is disabled.' },
  },
  rotateWebhookSecret: {
    tags,
    summary: 'Rotate the signing secret',
    description:
      'A new secret, shown once; for 24 hours deliveries carry a signature by the previous secret too, so ' +
      'receivers can switch without losing an event.',
    refusals: { 404: 'No webhook with this id that the caller may manage.' },
  },
  enableWebhook: {
    tags,
    summary: 'Enable a disabled webhook',
    description:
      'An endpoint that failed for WEBHOOK_DISABLE_AFTER_HOURS is disabled (and its Admin mailed); events from its ' +
      'enabling on are delivered again.',
    refusals: { 404: 'No webhook with this id that the caller may manage.' },
  },
  webhookDeliveries: {
    tags,
    summary: 'List a webhook’s deliveries',
    description:
      'Newest first, with the status (Pending, Succeeded, Failed), the attempts, and the last attempt’s answer code, ' +
      'duration and error.',
    refusals: { 404: 'No webhook with this id that the caller may manage.' },
  },
  resendWebhookDelivery: {
    tags,
    summary: 'Send a delivery again',
    description: 'The delivery is pending again, with its retries anew and the same webhook-id.',
    refusals: { 404: 'No such webhook or delivery.', 409: 'The webhook is disabled.' },
  },
} satisfies Record<string, RouteDocs>;
