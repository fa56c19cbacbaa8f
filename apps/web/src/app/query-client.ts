import { MutationCache, QueryCache, QueryClient, type MutationMeta } from '@tanstack/react-query';
import { announceSuccess, handleServerError, isShownInline, isUnauthorized } from '@/lib/handle-server-error';

/**
 * Every query and mutation failure is reported here, once (shadcn-admin's pattern); a 401 also
 * ends the local session through `onUnauthorized`, which the app wires to the router.
 * A mutation with `meta: { silent: true }` shows no error notice (docs/product.md: a failed EULA
 * acceptance is only logged); its 401 still ends the session. `meta.inline` names what the
 * mutation's form shows on the page itself, which then raises no toast: one message, said once.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  function onError(error: unknown, meta?: MutationMeta): void {
    if (meta?.silent !== true && !isShownInline(error, meta?.inline)) handleServerError(error);
    if (isUnauthorized(error)) onUnauthorized();
  }

  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onError(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
      onSuccess: (data, _variables, _context, mutation) => {
        if (mutation.meta?.inline?.success !== true) announceSuccess(data);
      },
    }),
    // networkMode 'always': offline, a request is sent and fails, so the screen says 'Network
    // Error' (docs/product.md); TanStack Query's default would pause it silently, leaving the previous
    // rows or a spinner on screen with no message.
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
