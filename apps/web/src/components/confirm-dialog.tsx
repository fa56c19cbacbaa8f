import type { ReactNode } from 'react';
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

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's label, and what it says while the action runs. */
  action: string;
  busyText: string;
  busy: boolean;
  onConfirm: () => void;
  /** A destructive action (delete, revoke) is red. */
  destructive?: boolean;
  /** The Cancel button's label, in the caller's words (an area's language). */
  cancelText?: string;
};

/**
 * Asks before an action that cannot be taken back (revoke a key, delete a webhook): Cancel, which
 * holds the focus, and the action, busy while it runs. The caller closes it once the action settled.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, action, busyText, busy, onConfirm, destructive = true } = props;
  const { cancelText = 'Cancel' } = props;
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="[overflow-wrap:anywhere]">{title}</AlertDialogTitle>
          <AlertDialogDescription className="[overflow-wrap:anywhere]">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelText}</AlertDialogCancel>
          <SubmitButton
            type="button"
            variant={destructive ? 'destructive' : 'default'}
            onClick={onConfirm}
            busy={busy}
            busyText={busyText}
          >
            {action}
          </SubmitButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
