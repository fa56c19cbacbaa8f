import { t } from '@lingui/core/macro';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSetMachineBlocked } from '../api/block-machine';
import { runConfirmed } from './confirm-report-action';

type BlockMachineDialogProps = {
  /** The machine to block or unblock; null keeps the dialog closed. */
  target: { machineName: string; blocked: boolean } | null;
  onOpenChange: (open: boolean) => void;
};

/** The dialog's words for blocking or unblocking the machine `name`, in the language shown. */
const wordsOf = (block: boolean, name: string) =>
  block
    ? {
        title: t`Block ${name}?`,
        description: t`The portal refuses every call of the migration tool on ${name} until an Admin unblocks it: no job or mailbox starts, and running ones can no longer report. Its node-locked licenses stay bound to it; release them to return them to their pools.`,
        action: t`Block`,
        busy: t`Blocking...`,
        done: t`Machine blocked`,
        doneText: t`${name} is blocked: its calls are refused.`,
      }
    : {
        title: t`Unblock ${name}?`,
        description: t`The migration tool on ${name} can report to the portal again.`,
        action: t`Unblock`,
        busy: t`Unblocking...`,
        done: t`Machine unblocked`,
        doneText: t`${name} can report again.`,
      };

/** An Admin blocks a machine, or unblocks it (decision 045), after reading what follows. */
export function BlockMachineDialog({ target, onOpenChange }: BlockMachineDialogProps) {
  const change = useSetMachineBlocked();
  const name = target?.machineName ?? '';
  const words = wordsOf(target?.blocked !== false, name);
  const confirm = () => {
    if (!target) return;
    runConfirmed(change, target, {
      close: () => onOpenChange(false),
      notice: () => ({ title: words.done, description: words.doneText }),
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={words.title}
      description={words.description}
      action={words.action}
      busyText={words.busy}
      cancelText={t`Cancel`}
      busy={change.isPending}
      onConfirm={confirm}
      destructive={false}
    />
  );
}
