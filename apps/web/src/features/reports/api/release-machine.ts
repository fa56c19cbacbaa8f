import { ENDPOINTS } from '@portal/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** `POST /Machine/release-binding`: frees a machine name for the computer that replaces it (decision 030). */
export function releaseMachine(machineName: string) {
  return callEndpoint(ENDPOINTS.releaseMachine, { body: { machineName } });
}

export function useReleaseMachine() {
  return useMutation({ mutationFn: releaseMachine });
}
