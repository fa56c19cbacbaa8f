import { eulaSchema } from '@portal/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { callRoute } from '@/lib/api-client';

/** `GET User/eula`: the agreement in force (version, title, markdown text). */
export const eulaQueryOptions = queryOptions({
  queryKey: ['eula'] as const,
  queryFn: async ({ signal }) => {
    const { data } = await callRoute(AUTH_ROUTES.eula, { signal, parse: (value) => eulaSchema.parse(value) });
    return data;
  },
  staleTime: Infinity,
});

export function useEula() {
  return useQuery(eulaQueryOptions);
}
