import { SAVED_VIEW_LIST_ENDPOINT } from '@portal/contracts/saved-view-links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/**
 * `GET /SavedViews?pinned=true`: the caller's sidebar. This file is what the sidebar loads of saved
 * views; the lists' menus load saved-views.ts.
 */
export function usePinnedViews() {
  return useQuery(
    queryOptions({
      queryKey: [QUERY_ROOTS.savedViews, 'pinned'],
      queryFn: async ({ signal }) =>
        (await callEndpoint(SAVED_VIEW_LIST_ENDPOINT.savedViews, { query: { pinned: true }, signal })).data,
      staleTime: 60_000,
    }),
  );
}
