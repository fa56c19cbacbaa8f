import type { QueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/lib/query-keys';

/**
 * After any change to an account: the Users list, the SuperAdmin's list and the pools (their user
 * counts and members) show it. Returned to the mutation, so it stays pending until they reloaded.
 */
export function refreshAccountLists(queryClient: QueryClient) {
  return Promise.all(
    [QUERY_ROOTS.childAccounts, QUERY_ROOTS.accounts, QUERY_ROOTS.pools].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root] }),
    ),
  );
}
