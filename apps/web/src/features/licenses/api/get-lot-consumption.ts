import { ENDPOINTS } from '@portal/contracts/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** Rows a page of the Consumption tab asks for; "Show more" asks for the next. */
export const CONSUMPTION_PAGE = 50;

/** `GET /License/{licenseId}/consumption`: the lot and its consumptions, page after page (keyset). */
export function useLotConsumption(licenseId: string) {
  return useInfiniteQuery({
    queryKey: ['licenses', 'lot-consumption', licenseId] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam ? { pageSize: CONSUMPTION_PAGE, after: pageParam } : { pageSize: CONSUMPTION_PAGE };
      return (await callEndpoint(ENDPOINTS.lotConsumption, { params: { licenseId }, query, signal })).data;
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
