import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { REPORTS_ROOT } from './get-report';

/** What to release: every unit of the Admin's pools bound to the machine, or those of one lot. */
export interface ReleaseTarget {
  machineName: string;
  licenseId?: string;
}

/**
 * `POST /Machine/release-binding`: the machine's node-locked units go back to their pools
 * (decision 045); the Machine View and the machine's detail are read again.
 */
export function releaseMachine(target: ReleaseTarget) {
  return callEndpoint(LAZY_ENDPOINTS.releaseMachine, { body: target });
}

export function useReleaseMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseMachine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [REPORTS_ROOT] }),
  });
}
