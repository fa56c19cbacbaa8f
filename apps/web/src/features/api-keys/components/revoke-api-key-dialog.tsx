import { t } from '@lingui/core/macro';
import type { ApiKey } from '@portal/contracts/api-keys';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useRevokeApiKey } from '../api/revoke-api-key';

type RevokeApiKeyDialogProps = {
  /** The key to revoke; it stays set while the dialog closes, so its name does not vanish mid-animation. */
  apiKey: ApiKey | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Asks before a key stops working. The server's notice (or its refusal) comes as the toast, and the
 * list is refreshed either way.
 */
export function RevokeApiKeyDialog({ apiKey, open, onOpenChange }: RevokeApiKeyDialogProps) {
  const revoke = useRevokeApiKey();
  const name = apiKey?.name ?? '';
  return (
    <ConfirmDialog
      open={open && apiKey !== null}
      onOpenChange={onOpenChange}
      // ICU: '' is one quote (a lone quote before { would quote the placeholder).
      title={t`Revoke API key ''${name}''?`}
      description={t`Programs using it stop at once.`}
      action={t`Revoke`}
      busyText={t`Revoking...`}
      cancelText={t`Cancel`}
      busy={revoke.isPending}
      onConfirm={() => apiKey && revoke.mutate(apiKey.id, { onSettled: () => onOpenChange(false) })}
    />
  );
}
