import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { ReportRequest, ReportResult, ReportViewType } from '@portal/contracts/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { callEndpoint } from '@/lib/call-endpoint';
import { keepPreviousPage } from '@/lib/keep-previous-page';

/** The query-key root of every report screen (only this feature reads or changes it). */
export const REPORTS_ROOT = 'reports';

export type ReportRequestOf<V extends ReportViewType> = Extract<ReportRequest, { viewType: V }>;
export type ReportResultOf<V extends ReportViewType> = Extract<ReportResult, { viewType: V }>;

/**
 * `POST /Report`: one page of a report view. It is a POST that only reads, so it runs as a query
 * (and the success notice rule leaves it out).
 */
export async function getReport<V extends ReportViewType>(
  request: ReportRequestOf<V>,
  signal?: AbortSignal,
): Promise<ReportResultOf<V>> {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.report, { body: request, signal });
  if (data.viewType !== request.viewType) throw new ApiError(200, 'Unexpected response from the server.');
  return data as ReportResultOf<V>;
}

export function getReportQueryOptions<V extends ReportViewType>(request: ReportRequestOf<V>) {
  return queryOptions({
    queryKey: [REPORTS_ROOT, request.viewType, request] as const,
    queryFn: ({ signal }) => getReport(request, signal),
    placeholderData: keepPreviousPage([REPORTS_ROOT, request.viewType, request] as const),
  });
}

/** A report page; `enabled: false` while the screen lacks the id it needs (nothing is asked). */
export function useReport<V extends ReportViewType>(request: ReportRequestOf<V>, enabled = true) {
  return useQuery({ ...getReportQueryOptions(request), enabled });
}
