import type { QueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** Every stock query of this feature sits under the licenses root, so one invalidation reaches all. */
export const stockKeys = {
  availableSummary: [QUERY_ROOTS.licenses, 'available-summary'] as const,
  // One key type for both, so a revocation reads either through one query.
  childSummary: (childId: string): readonly string[] => [QUERY_ROOTS.licenses, 'child-summary', childId],
  poolSummary: (poolId: string): readonly string[] => [QUERY_ROOTS.licenses, 'pool-summary', poolId],
  mySummary: (params: object) => [QUERY_ROOTS.licenses, 'my-summary', params] as const,
  hierarchy: [QUERY_ROOTS.licenses, 'allocation-hierarchy'] as const,
};

/**
 * After an allocation or a revocation: every stock view, the pools (their grouped licenses) and the
 * Users list change. Returned to the mutation, so it stays pending until they reloaded.
 */
export function refreshStock(queryClient: QueryClient) {
  return Promise.all(
    [QUERY_ROOTS.licenses, QUERY_ROOTS.pools, QUERY_ROOTS.childAccounts].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root] }),
    ),
  );
}
