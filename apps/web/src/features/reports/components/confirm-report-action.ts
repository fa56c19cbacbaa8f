import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { NOTICE_DURATION_MS } from '@/lib/handle-server-error';

type Notice = { title: string; description: string };

/**
 * A report dialog's confirmed action (accept skipped items, release or block a machine): runs the
 * mutation and, once it succeeded, closes the dialog and says what was done. A refusal is said by
 * the app's one error notice (app/query-client.ts), as for every other mutation, and the dialog
 * stays open on what was asked.
 */
export function runConfirmed<TData, TVariables>(
  mutation: Pick<UseMutationResult<TData, Error, TVariables>, 'mutate'>,
  variables: TVariables,
  { close, notice }: { close: () => void; notice: (data: TData) => Notice },
): void {
  mutation.mutate(variables, {
    onSuccess: (data) => {
      close();
      toast({ ...notice(data), duration: NOTICE_DURATION_MS });
    },
  });
}
