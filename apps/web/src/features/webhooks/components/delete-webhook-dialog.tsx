import { t } from '@lingui/core/macro';
import type { Webhook } from '@portal/contracts/webhooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteWebhook } from '../api/webhook-actions';

type DeleteWebhookDialogProps = {
  /** The endpoint; it stays set while the dialog closes, so its address does not vanish mid-animation. */
  webhook: Webhook | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Asks before an endpoint is deleted. The server's notice (or its refusal) comes as the toast, and
 * the list is refreshed either way.
 */
export function DeleteWebhookDialog({ webhook, open, onOpenChange }: DeleteWebhookDialogProps) {
  const remove = useDeleteWebhook();
  const url = webhook?.url ?? '';
  return (
    <ConfirmDialog
      open={open && webhook !== null}
      onOpenChange={onOpenChange}
      // ICU: '' is one quote (a lone quote before { would quote the placeholder).
      title={t`Delete webhook ''${url}''?`}
      description={t`No more events are sent to it.`}
      action={t`Delete`}
      busyText={t`Deleting...`}
      cancelText={t`Cancel`}
      busy={remove.isPending}
      onConfirm={() => webhook && remove.mutate(webhook.id, { onSettled: () => onOpenChange(false) })}
    />
  );
}
