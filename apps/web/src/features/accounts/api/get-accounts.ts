import { type AccountUser, accountUserSchema } from '@portal/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';

const rowsSchema = accountUserSchema.array();

/** `GET User/accounts` (SuperAdmin): every account; the list is paged and filtered in the browser. */
export async function getAccounts(signal?: AbortSignal): Promise<AccountUser[]> {
  const { data } = await apiClient.get<AccountUser[]>('User/accounts', {
    signal,
    parse: (value) => rowsSchema.parse(value),
  });
  return data;
}

export const accountsQueryOptions = queryOptions({
  queryKey: [QUERY_ROOTS.accounts, 'all'] as const,
  queryFn: ({ signal }) => getAccounts(signal),
});

export function useAccounts() {
  return useQuery(accountsQueryOptions);
}
