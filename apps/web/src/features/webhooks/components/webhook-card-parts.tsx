import { plural, t } from '@lingui/core/macro';
import { WEBHOOK_EVENT_TYPES, type Webhook } from '@portal/contracts/webhooks';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';

import { eventLabel } from './webhook-words';

/** Enabled, or Disabled (the server stops an endpoint that has failed for days). */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  return webhook.enabled ? (
    <Badge variant="success">{t`Enabled`}</Badge>
  ) : (
    <Badge variant="destructive">{t`Disabled`}</Badge>
  );
}

/** Why a disabled endpoint gets no events, and that enabling it resumes them. */
export function DisabledNotice({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return null;
  return (
    <div className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
      {webhook.disabledReason && <p className="font-medium [overflow-wrap:anywhere]">{webhook.disabledReason}</p>}
      <p className="text-muted-foreground">{t`This webhook is disabled. Deliveries resume once it is enabled.`}</p>
    </div>
  );
}

/** "2 events", opened to list each with its type; every type reads "All events". */
export function EventsSummary({ webhook }: { webhook: Webhook }) {
  const count = webhook.events.length;
  const summary =
    count === WEBHOOK_EVENT_TYPES.length
      ? t`All ${count} events`
      : plural(count, { one: '# event', other: '# events' });
  return (
    <details className="group">
      <summary className="w-fit cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {summary}
      </summary>
      <ul className="mt-1 grid gap-1">
        {webhook.events.map((type) => (
          <li key={type} className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono text-xs">{type}</code>
            <span className="text-xs text-muted-foreground">{eventLabel(type)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** When the last attempt was and whether the endpoint answered 2xx, or that none was made yet. */
export function LastAttempt({ webhook }: { webhook: Webhook }) {
  if (!webhook.lastAttemptAt) return <span className="text-muted-foreground">{t`No deliveries yet`}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{formatDateTime(webhook.lastAttemptAt)}</span>
      {webhook.lastAttemptOk ? (
        <Badge variant="success">{t`OK`}</Badge>
      ) : (
        <Badge variant="destructive">{t`Failed`}</Badge>
      )}
    </span>
  );
}

/** Until when the previous secret still signs beside the new one, after a rotation. */
export function PreviousSecret({ webhook }: { webhook: Webhook }) {
  if (!webhook.previousSecretUntil) return null;
  const until = formatDateTime(webhook.previousSecretUntil);
  return (
    <>
      <dt className="text-muted-foreground">{t`Previous secret`}</dt>
      <dd className="tabular-nums">{t`Also signs until ${until}`}</dd>
    </>
  );
}
