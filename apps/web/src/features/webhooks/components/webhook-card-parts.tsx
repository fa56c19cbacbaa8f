import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENT_TYPES, type Webhook, WEBHOOK_MSG } from '@portal/contracts/webhooks';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';

const EVENT_LABELS: ReadonlyMap<string, string> = new Map(
  WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events.map((event) => [event.type, event.label] as const)),
);

/** Enabled, or Disabled (the server stops an endpoint that has failed for days). */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  return webhook.enabled ? <Badge variant="success">Enabled</Badge> : <Badge variant="destructive">Disabled</Badge>;
}

/** Why a disabled endpoint gets no events, and that enabling it resumes them. */
export function DisabledNotice({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return null;
  return (
    <div className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
      {webhook.disabledReason && <p className="font-medium [overflow-wrap:anywhere]">{webhook.disabledReason}</p>}
      <p className="text-muted-foreground">{WEBHOOK_MSG.disabled}</p>
    </div>
  );
}

/** "2 events", opened to list each with its type; every type reads "All events". */
export function EventsSummary({ webhook }: { webhook: Webhook }) {
  const count = webhook.events.length;
  const summary =
    count === WEBHOOK_EVENT_TYPES.length ? `All ${count} events` : `${count} ${count === 1 ? 'event' : 'events'}`;
  return (
    <details className="group">
      <summary className="w-fit cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {summary}
      </summary>
      <ul className="mt-1 grid gap-1">
        {webhook.events.map((type) => (
          <li key={type} className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono text-xs">{type}</code>
            <span className="text-xs text-muted-foreground">{EVENT_LABELS.get(type)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** When the last attempt was and whether the endpoint answered 2xx, or that none was made yet. */
export function LastAttempt({ webhook }: { webhook: Webhook }) {
  if (!webhook.lastAttemptAt) return <span className="text-muted-foreground">No deliveries yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{formatDateTime(webhook.lastAttemptAt)}</span>
      {webhook.lastAttemptOk ? <Badge variant="success">OK</Badge> : <Badge variant="destructive">Failed</Badge>}
    </span>
  );
}

/** Until when the previous secret still signs beside the new one, after a rotation. */
export function PreviousSecret({ webhook }: { webhook: Webhook }) {
  if (!webhook.previousSecretUntil) return null;
  return (
    <>
      <dt className="text-muted-foreground">Previous secret</dt>
      <dd className="tabular-nums">Also signs until {formatDateTime(webhook.previousSecretUntil)}</dd>
    </>
  );
}
