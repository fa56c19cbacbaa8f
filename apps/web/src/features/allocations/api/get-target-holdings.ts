import { useQuery } from '@tanstack/react-query';
import type { AllocationTarget } from './allocation-target';
import { childSummaryQueryOptions } from './get-child-summary';
import { poolSummaryQueryOptions } from './get-pool-summary';

/** What a revocation can take back from the target: the groups its own pool holds. */
export function useTargetHoldings(target: AllocationTarget) {
  const options = target.isUser ? childSummaryQueryOptions(target.id) : poolSummaryQueryOptions(target.id);
  return useQuery(options);
}
