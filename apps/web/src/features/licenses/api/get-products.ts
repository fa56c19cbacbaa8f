import { ENDPOINTS } from '@portal/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** `GET /License/products`: the product catalogue (code, name, description, editions). */
export async function getProducts(signal?: AbortSignal) {
  const { data } = await callEndpoint(ENDPOINTS.products, { signal });
  return data;
}

export const productsQueryOptions = queryOptions({
  queryKey: [QUERY_ROOTS.licenses, 'products'] as const,
  queryFn: ({ signal }) => getProducts(signal),
  // The catalogue is seed data: it does not change while the app is open.
  staleTime: Infinity,
});

export function useProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions, enabled });
}
