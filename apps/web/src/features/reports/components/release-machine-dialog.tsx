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
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isUnauthorized, NOTICE_DURATION_MS } from '@/lib/handle-server-error';
import { useReleaseMachine } from '../api/release-machine';

type ReleaseMachineDialogProps = {
  /** The machine to release; null keeps the dialog closed. */
  machineName: string | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * An Admin frees a machine name from the computer its pools' node-locked units are bound to (decision
 * 030): the next computer that reports under the name takes it, with those units. A machine with
 * nothing of the Admin's to release gets the server's answer saying so.
 */
export function ReleaseMachineDialog({ machineName, onOpenChange }: ReleaseMachineDialogProps) {
  const release = useReleaseMachine();
  const confirm = () => {
    if (!machineName) return;
    release.mutate(machineName, {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: 'Machine released',
          description: `The next computer that reports as ${machineName} takes its place.`,
          duration: NOTICE_DURATION_MS,
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          variant: 'destructive',
          title: 'Error',
          description: error instanceof ApiError ? error.message : 'The machine could not be released.',
          duration: NOTICE_DURATION_MS,
        });
      },
    });
  };
  return (
    <AlertDialog open={machineName !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Release {machineName}?</AlertDialogTitle>
          <AlertDialogDescription>
            The node-locked licenses your pools bound to {machineName} serve the computer they were bound with; any
            other computer reporting under the name is refused. Release it when that computer was replaced or rebuilt:
            the next computer that reports as {machineName} takes its place, with those licenses.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={release.isPending}>Cancel</AlertDialogCancel>
          <SubmitButton type="button" onClick={confirm} busy={release.isPending} busyText="Releasing...">
            Release
          </SubmitButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
