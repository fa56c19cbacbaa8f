import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { announceSuccess, handleServerError, isUnauthorized } from '@/lib/handle-server-error';

/**
 * Every query and mutation failure is reported here, once (shadcn-admin's pattern); a 401 also
 * ends the local session through `onUnauthorized`, which the app wires to the router.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  function onError(error: unknown): void {
    handleServerError(error);
    if (isUnauthorized(error)) onUnauthorized();
  }

  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError,
      onSuccess: (data) => announceSuccess(data),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
