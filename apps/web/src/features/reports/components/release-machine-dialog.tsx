import { plural, t } from '@lingui/core/macro';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type ReleaseTarget, useReleaseMachine } from '../api/release-machine';
import { runConfirmed } from './confirm-report-action';

/** One bound unit (its product and pool named), or every unit of the Admin's pools on the machine. */
export type ReleaseChoice = ReleaseTarget & { productName?: string; poolName?: string };

type ReleaseMachineDialogProps = {
  /** What to release; null keeps the dialog closed. */
  target: ReleaseChoice | null;
  onOpenChange: (open: boolean) => void;
};

const wentBack = (count: number) =>
  plural(count, { one: '# license went back to its pool.', other: '# licenses went back to their pools.' });

/**
 * An Admin releases a machine's node-locked units (decision 045): each goes back to its pool as an
 * available license, with a Release movement. A machine with nothing of the Admin's bound to it
 * gets the server's answer saying so.
 */
export function ReleaseMachineDialog({ target, onOpenChange }: ReleaseMachineDialogProps) {
  const release = useReleaseMachine();
  const machineName = target?.machineName ?? '';
  const one = target?.licenseId !== undefined;
  const product = target?.productName ?? t`this license`;
  const pool = target?.poolName ?? t`its pool`;
  const confirm = () => {
    if (!target) return;
    const { machineName: name, licenseId } = target;
    runConfirmed(release, licenseId ? { machineName: name, licenseId } : { machineName: name }, {
      close: () => onOpenChange(false),
      notice: ({ data }) => ({ title: t`Machine released`, description: wentBack(data.released) }),
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={one ? t`Release ${product} from ${machineName}?` : t`Release ${machineName}?`}
      description={`${
        one
          ? t`This node-locked license goes back to ${pool} as an available license, with a Release movement in License Movement.`
          : t`Every node-locked license your pools bound to ${machineName} goes back to its pool as an available license, with a Release movement in License Movement.`
      } ${t`The next job on ${machineName} that sends its fingerprint binds a license again.`}`}
      action={t`Release`}
      busyText={t`Releasing...`}
      cancelText={t`Cancel`}
      busy={release.isPending}
      onConfirm={confirm}
      destructive={false}
    />
  );
}
