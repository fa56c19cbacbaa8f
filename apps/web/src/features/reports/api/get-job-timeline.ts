import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { REPORTS_ROOT } from './get-report';

/** `GET Report/job/{jobId}/items-timeline`: the job's items migrated per interval, for its chart. */
export async function getJobTimeline(jobId: string, signal?: AbortSignal) {
  return (await callEndpoint(LAZY_ENDPOINTS.jobTimeline, { params: { jobId }, signal })).data;
}

export function useJobTimeline(jobId: string) {
  return useQuery({
    queryKey: [REPORTS_ROOT, 'timeline', jobId] as const,
    queryFn: ({ signal }) => getJobTimeline(jobId, signal),
  });
}
