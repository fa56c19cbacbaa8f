import { useQuery } from '@tanstack/react-query';
import { poolTargetsQueryOptions } from './get-pool-targets';
import { userTargetsQueryOptions } from './get-user-targets';

/** The users (isUser) or the shared pools the Assign Licenses dialog offers. */
export function useAllocationTargets(isUser: boolean) {
  return useQuery(isUser ? userTargetsQueryOptions : poolTargetsQueryOptions);
}
