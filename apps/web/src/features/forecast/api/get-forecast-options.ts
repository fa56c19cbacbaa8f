import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** `GET /Forecast/options`: the pools the caller draws from (the current one first) and the products. */
export async function getForecastOptions(signal?: AbortSignal) {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.forecastOptions, { signal });
  return data;
}

export const forecastOptionsQueryOptions = queryOptions({
  // Under the pools root: moving the caller into or out of a pool changes what it may forecast for.
  queryKey: [QUERY_ROOTS.pools, 'forecast-options'] as const,
  queryFn: ({ signal }) => getForecastOptions(signal),
});

export function useForecastOptions() {
  return useQuery(forecastOptionsQueryOptions);
}
