import type { ConsumptionWindow } from '@portal/contracts/charts';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** `GET LicenseMovement/consumption`: units consumed per day and product, for the dashboard's chart. */
export async function getConsumption(days: ConsumptionWindow, signal?: AbortSignal) {
  return (await callEndpoint(ENDPOINTS.consumption, { query: { days }, signal })).data;
}

/** Under the licenses root: a migration or a stock change refreshes it with the other stock views. */
export function useConsumption(days: ConsumptionWindow) {
  return useQuery({
    queryKey: [QUERY_ROOTS.licenses, 'consumption', days] as const,
    queryFn: ({ signal }) => getConsumption(days, signal),
    placeholderData: keepPreviousData,
  });
}
