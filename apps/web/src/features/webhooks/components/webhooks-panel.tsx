import { plural, t } from '@lingui/core/macro';
import { PlusIcon } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { NetworkError } from '@/lib/api-client';
import { useWebhooks } from '../api/get-webhooks';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { WebhookCard } from './webhook-card';
import { useWebhooksScreen, WebhooksProvider } from './webhooks-provider';

/** How long the list keeps reading itself after an event was queued: its first attempt comes within seconds. */
const WATCH_MS = 30_000;

/**
 * Settings → Webhooks: the endpoints of the Admin's organisation as cards, an Add endpoint button,
 * and on each card its test, deliveries, rotation and deletion.
 */
export function WebhooksPanel() {
  return (
    <WebhooksProvider canWrite>
      <WebhooksList />
      <WebhooksDialogs />
    </WebhooksProvider>
  );
}

/** The endpoints, read again every few seconds for a while after an event was queued for one. */
function useWatchedWebhooks() {
  const watchUntil = useRef(0);
  const webhooks = useWebhooks(() => Date.now() < watchUntil.current);
  const onQueued = useCallback(() => {
    watchUntil.current = Date.now() + WATCH_MS;
  }, []);
  return { webhooks, onQueued };
}

function WebhooksList() {
  const { openCreate } = useWebhooksScreen();
  const { webhooks, onQueued } = useWatchedWebhooks();
  const count = webhooks.data?.length;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground tabular-nums">
          {count !== undefined && plural(count, { one: '# endpoint', other: '# endpoints' })}
        </p>
        <Button onClick={openCreate}>
          <PlusIcon aria-hidden />
          {t`Add endpoint`}
        </Button>
      </div>
      {webhooks.data ? (
        webhooks.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            {t`No webhooks yet.`}
          </p>
        ) : (
          <ul aria-label={t`Endpoints`} className="grid gap-4">
            {webhooks.data.map((webhook) => (
              <WebhookCard key={webhook.id} webhook={webhook} onQueued={onQueued} />
            ))}
          </ul>
        )
      ) : webhooks.isError ? (
        <ListError error={webhooks.error} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t`Loading webhooks...`}
        </p>
      )}
    </div>
  );
}

/** Why the endpoints could not be read (a network failure is said once, by its notice, already). */
function ListError({ error }: { error: unknown }) {
  if (error instanceof NetworkError) {
    return <p className="text-sm text-destructive">Network Error: Please check your internet connection</p>;
  }
  return (
    <p role="alert" className="text-sm text-destructive">
      {error instanceof Error ? error.message : t`The webhooks could not be loaded.`}
    </p>
  );
}

/** The one place the screen's dialogs live. */
function WebhooksDialogs() {
  const { open, currentRow, close } = useWebhooksScreen();
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  return (
    <>
      <CreateWebhookDialog open={open === 'create'} onOpenChange={onOpenChange} />
      <RotateSecretDialog webhook={currentRow} open={open === 'rotate'} onOpenChange={onOpenChange} />
      <DeleteWebhookDialog webhook={currentRow} open={open === 'delete'} onOpenChange={onOpenChange} />
    </>
  );
}
