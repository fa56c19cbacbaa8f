import { t } from '@lingui/core/macro';
import type { Webhook } from '@portal/contracts/webhooks';
import { ChevronDownIcon, KeyRoundIcon, PowerIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDate } from '@/lib/format';
import { slot, withElements } from '@/lib/message-elements';
import { cn } from '@/lib/utils';
import { useEnableWebhook, useTestWebhook } from '../api/webhook-actions';
import { DisabledNotice, EventsSummary, LastAttempt, PreviousSecret, WebhookStatus } from './webhook-card-parts';
import { WebhookDeliveries } from './webhook-deliveries';
import { useWebhooksScreen } from './webhooks-provider';

type WebhookCardProps = {
  webhook: Webhook;
  /** An event was queued for this endpoint: the list watches for its outcome. */
  onQueued: () => void;
};

/**
 * One endpoint: its address (a heading, so a screen reader can jump between endpoints), what it is
 * for, its status and events, its last attempt, and what can be done with it. Deliveries opens the
 * endpoint's delivery list under the card.
 */
export function WebhookCard({ webhook, onQueued }: WebhookCardProps) {
  const id = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const added = slot('added');
  const owner = slot('owner');
  return (
    <li className="grid min-w-0 gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-mono text-sm font-medium [overflow-wrap:anywhere]">{webhook.url}</h3>
          {webhook.description && (
            <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{webhook.description}</p>
          )}
        </div>
        <WebhookStatus webhook={webhook} />
      </div>
      <DisabledNotice webhook={webhook} />
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t`Events`}</dt>
        <dd>
          <EventsSummary webhook={webhook} />
        </dd>
        <dt className="text-muted-foreground">{t`Last attempt`}</dt>
        <dd>
          <LastAttempt webhook={webhook} />
        </dd>
        <dt className="text-muted-foreground">{t`Added`}</dt>
        <dd className="[overflow-wrap:anywhere]">
          {withElements(t`${added} by ${owner}`, {
            added: <span className="tabular-nums">{formatDate(webhook.createdAt)}</span>,
            owner: webhook.ownerName,
          })}
        </dd>
        <PreviousSecret webhook={webhook} />
      </dl>
      <WebhookActions
        webhook={webhook}
        onQueued={onQueued}
        deliveries={{
          id: `${id}-deliveries`,
          shown: showDeliveries,
          toggle: () => setShowDeliveries((shown) => !shown),
        }}
      />
      {showDeliveries && <WebhookDeliveries webhook={webhook} id={`${id}-deliveries`} onQueued={onQueued} />}
    </li>
  );
}

type WebhookActionsProps = WebhookCardProps & { deliveries: { id: string; shown: boolean; toggle: () => void } };

/** The endpoint's buttons, each named with its address (the page lists several endpoints). */
function WebhookActions({ webhook, onQueued, deliveries }: WebhookActionsProps) {
  const { openRow } = useWebhooksScreen();
  const test = useTestWebhook(onQueued);
  const enable = useEnableWebhook();
  const { url } = webhook;
  return (
    <div className="flex flex-wrap gap-2">
      {!webhook.enabled && (
        <SubmitButton
          type="button"
          size="sm"
          aria-label={t`Enable ${url}`}
          busy={enable.isPending}
          onClick={() => enable.mutate(webhook.id)}
        >
          <PowerIcon aria-hidden />
          {t`Enable`}
        </SubmitButton>
      )}
      <SubmitButton
        type="button"
        variant="outline"
        size="sm"
        aria-label={t`Send test event to ${url}`}
        busy={test.isPending}
        onClick={() => test.mutate(webhook.id)}
      >
        <SendIcon aria-hidden />
        {t`Send test event`}
      </SubmitButton>
      <Button
        variant="outline"
        size="sm"
        aria-label={t`Deliveries of ${url}`}
        aria-expanded={deliveries.shown}
        aria-controls={deliveries.shown ? deliveries.id : undefined}
        onClick={deliveries.toggle}
      >
        <ChevronDownIcon aria-hidden className={cn('transition-transform', deliveries.shown && 'rotate-180')} />
        {t`Deliveries`}
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={t`Rotate secret of ${url}`}
        onClick={() => openRow('rotate', webhook)}
      >
        <KeyRoundIcon aria-hidden />
        {t`Rotate secret`}
      </Button>
      <Button variant="outline" size="sm" aria-label={t`Delete ${url}`} onClick={() => openRow('delete', webhook)}>
        <Trash2Icon aria-hidden />
        {t`Delete`}
      </Button>
    </div>
  );
}
