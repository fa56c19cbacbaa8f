import type { ApiKey } from '@portal/contracts/api-keys';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
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
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.id, { onSettled: () => onOpenChange(false) });
  };
  return (
    <AlertDialog open={open && apiKey !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="[overflow-wrap:anywhere]">
            Revoke API key &apos;{apiKey?.name}&apos;?
          </AlertDialogTitle>
          <AlertDialogDescription>Programs using it stop at once.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>Cancel</AlertDialogCancel>
          <SubmitButton
            type="button"
            variant="destructive"
            onClick={confirm}
            busy={revoke.isPending}
            busyText="Revoking..."
          >
            Revoke
          </SubmitButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
