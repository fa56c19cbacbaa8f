import { ENDPOINTS } from '@portal/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { keepPreviousPage } from '@/lib/keep-previous-page';

export type UsageReportParams = {
  pageNumber: number;
  pageSize: number;
  search: string;
  /** One product code to keep, sent as `filters=productCode:CODE`. */
  productCode: string | undefined;
};

/** `GET /LicenseUsageReport` (SuperAdmin): one page of units held, by account and product. */
export async function getUsageReport(
  { pageNumber, pageSize, search, productCode }: UsageReportParams,
  signal?: AbortSignal,
) {
  const { data, pageInfo } = await callEndpoint(ENDPOINTS.usageReport, {
    query: {
      pageNumber,
      pageSize,
      SearchTerm: search.trim() || undefined,
      filters: productCode ? `productCode:${productCode}` : undefined,
    },
    signal,
  });
  return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
}

export function getUsageReportQueryOptions(params: UsageReportParams) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.licenses, 'usage-report', params] as const,
    queryFn: ({ signal }) => getUsageReport(params, signal),
    placeholderData: keepPreviousPage([QUERY_ROOTS.licenses, 'usage-report', params] as const),
  });
}

export function useUsageReport(params: UsageReportParams) {
  return useQuery(getUsageReportQueryOptions(params));
}
