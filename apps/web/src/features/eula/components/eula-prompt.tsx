import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAcceptEula } from '../api/accept-eula';
import { useDeclineEula } from '../api/decline-eula';
import { useEula } from '../api/get-eula';
import { EulaText } from './eula-text';

type EulaPromptProps = {
  /** The acceptance is recorded: refresh the roles and go on (docs/product.md). */
  onAccepted: () => Promise<void>;
  onDeclined: () => void;
};

/** docs/product.md, "EULA prompt": a modal (at most 425 px wide) that only an answer closes. */
export function EulaPrompt({ onAccepted, onDeclined }: EulaPromptProps) {
  const eula = useEula();
  const accept = useAcceptEula();
  const decline = useDeclineEula();
  const busy = accept.isPending || decline.isPending;

  return (
    <AlertDialog open>
      <AlertDialogContent className="sm:max-w-[425px]" onEscapeKeyDown={(event) => event.preventDefault()}>
        <AlertDialogHeader>
          <AlertDialogTitle>{eula.data?.title ?? 'End-User License Agreement'}</AlertDialogTitle>
          <AlertDialogDescription>
            Please read and accept the agreement to continue using the portal.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div
          role="region"
          aria-label="Agreement text"
          tabIndex={0}
          className="max-h-[50vh] overflow-y-auto rounded-md border bg-muted/40 p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {eula.data ? (
            <EulaText markdown={eula.data.text} />
          ) : (
            <Spinner label="Loading the agreement" className="mx-auto size-6 text-primary" />
          )}
        </div>
        <AlertDialogFooter>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => decline.mutate(undefined, { onSettled: onDeclined })}
          >
            Don&apos;t Accept
          </Button>
          <SubmitButton
            type="button"
            disabled={!eula.data || busy}
            busy={accept.isPending}
            // Nobody awaits the follow-up: a failed role refresh reaches the query cache's error handler.
            onClick={() => eula.data && accept.mutate(eula.data.version, { onSuccess: () => void onAccepted() })}
          >
            Accept
          </SubmitButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
