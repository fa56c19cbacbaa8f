import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSetMachineBlocked } from '../api/block-machine';
import { runConfirmed } from './confirm-report-action';

type BlockMachineDialogProps = {
  /** The machine to block or unblock; null keeps the dialog closed. */
  target: { machineName: string; blocked: boolean } | null;
  onOpenChange: (open: boolean) => void;
};

const WORDS = {
  block: {
    title: (name: string) => `Block ${name}?`,
    description: (name: string) =>
      `The portal refuses every call of the migration tool on ${name} until an Admin unblocks it: no job or mailbox starts, and running ones can no longer report. Its node-locked licenses stay bound to it; release them to return them to their pools.`,
    action: 'Block',
    busy: 'Blocking...',
    done: 'Machine blocked',
    doneText: (name: string) => `${name} is blocked: its calls are refused.`,
  },
  unblock: {
    title: (name: string) => `Unblock ${name}?`,
    description: (name: string) => `The migration tool on ${name} can report to the portal again.`,
    action: 'Unblock',
    busy: 'Unblocking...',
    done: 'Machine unblocked',
    doneText: (name: string) => `${name} can report again.`,
  },
};

/** An Admin blocks a machine, or unblocks it (decision 045), after reading what follows. */
export function BlockMachineDialog({ target, onOpenChange }: BlockMachineDialogProps) {
  const change = useSetMachineBlocked();
  const name = target?.machineName ?? '';
  const words = WORDS[target?.blocked === false ? 'unblock' : 'block'];
  const confirm = () => {
    if (!target) return;
    runConfirmed(change, target, {
      close: () => onOpenChange(false),
      notice: () => ({ title: words.done, description: words.doneText(name) }),
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={words.title(name)}
      description={words.description(name)}
      action={words.action}
      busyText={words.busy}
      busy={change.isPending}
      onConfirm={confirm}
      destructive={false}
    />
  );
}
