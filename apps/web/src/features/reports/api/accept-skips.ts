import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { REPORTS_ROOT } from './get-report';

/** `POST /Report/mailbox/{mailboxId}/accept-skips`: an Admin accepts a mailbox's skipped items (decision 044). */
export function acceptSkips(mailboxId: string) {
  return callEndpoint(LAZY_ENDPOINTS.acceptMailboxSkips, { params: { mailboxId } });
}

/** Accepts, then reads the report screens again (the mailbox's verdict, its folders', its job's). */
export function useAcceptSkips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSkips,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [REPORTS_ROOT] }),
  });
}
