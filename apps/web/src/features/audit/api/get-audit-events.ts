import type { AuditAction } from '@portal/contracts/audit';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type AuditParams = {
  pageNumber: number;
  pageSize: number;
  email: string;
  action: AuditAction | undefined;
  /** ISO instants: from inclusive, to exclusive. */
  from: string | undefined;
  to: string | undefined;
};

/** `GET /Audit`: one page of the trail the caller may read, newest first. */
export async function getAuditEvents({ email, ...params }: AuditParams, signal?: AbortSignal) {
  const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.audit, {
    query: { ...params, email: email.trim() || undefined },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function useAuditEvents(params: AuditParams) {
  return useQuery(
    queryOptions({
      queryKey: ['audit', params] as const,
      queryFn: ({ signal }) => getAuditEvents(params, signal),
      placeholderData: keepPreviousPage(['audit', params] as const),
    }),
  );
}
