import { ENDPOINTS } from '@portal/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { REPORTS_ROOT } from './get-report';

/** `GET /Report/mailbox/{mailboxId}/license-trace`, while `enabled` (its dialog is open). */
export function useMailboxTrace(mailboxId: string, enabled: boolean) {
  return useQuery({
    queryKey: [REPORTS_ROOT, 'license-trace', mailboxId] as const,
    queryFn: async ({ signal }) => (await callEndpoint(ENDPOINTS.mailboxTrace, { params: { mailboxId }, signal })).data,
    enabled,
  });
}
