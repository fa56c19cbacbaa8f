import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { REPORTS_ROOT } from './get-report';

/** `GET /Machine/{machineId}`: its fingerprint, block, bound node-locked units and latest jobs. */
export async function getMachine(machineId: string, signal?: AbortSignal) {
  return (await callEndpoint(LAZY_ENDPOINTS.machineDetail, { params: { machineId }, signal })).data;
}

export function useMachine(machineId: string) {
  return useQuery({
    queryKey: [REPORTS_ROOT, 'machine', machineId] as const,
    queryFn: ({ signal }) => getMachine(machineId, signal),
  });
}
