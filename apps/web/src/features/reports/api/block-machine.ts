import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { REPORTS_ROOT } from './get-report';

/** `POST /Machine/block` or `/Machine/unblock` (decision 045): idempotent, by the machine's name. */
export function setMachineBlocked({ machineName, blocked }: { machineName: string; blocked: boolean }) {
  return callEndpoint(blocked ? LAZY_ENDPOINTS.blockMachine : LAZY_ENDPOINTS.unblockMachine, { body: { machineName } });
}

export function useSetMachineBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMachineBlocked,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [REPORTS_ROOT] }),
  });
}
