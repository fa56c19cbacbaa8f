import { t } from '@lingui/core/macro';
import type { WebhookDeliveryStatus, WebhookEventType } from '@portal/contracts/webhooks';

// The Webhooks screen's words for values that stay as an integrator types and reads them (event
// types, a delivery's status): what each means, in the language shown. The values themselves are
// shown, sent and filtered on as they are.

/** WEBHOOK_EVENT_GROUPS' labels: what happened, for each event type. */
export const eventLabel = (type: WebhookEventType): string =>
  ({
    'license.issued': t`A lot was issued`,
    'license.allocated': t`Units were allocated`,
    'license.revoked': t`Units were revoked`,
    'license.reserved': t`A migration reserved a unit`,
    'license.consumed': t`A migration consumed a unit`,
    'license.released': t`A migration released a unit`,
    'lot.expiring': t`Lots expire soon`,
    'stock.low': t`A product runs low`,
    'job.started': t`A job started`,
    'job.completed': t`A job ended`,
    'mailbox.completed': t`A mailbox ended`,
    'apikey.created': t`An API key was created`,
    'apikey.revoked': t`An API key was revoked`,
  })[type];

/** WEBHOOK_EVENT_GROUPS' titles: the area of the portal an event comes from. */
export function eventGroupTitle(title: string): string {
  const titles: Record<string, string> = {
    'License stock': t`License stock`,
    Alerts: t`Alerts`,
    Migrations: t`Migrations`,
    'API keys': t`API keys`,
  };
  return titles[title] ?? title;
}

export const deliveryStatusLabel = (status: WebhookDeliveryStatus): string =>
  ({ Pending: t`Pending`, Succeeded: t`Succeeded`, Failed: t`Failed` })[status];
