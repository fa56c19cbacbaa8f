import type { BulkOperation, CreateBulk } from '@portal/contracts/bulk';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** How often a running bulk change is read again: its progress bar moves at this pace. */
export const BULK_POLL_MS = 1000;
const BULK_ROOT = 'bulk';
const running = (data: BulkOperation | undefined) => data?.status === 'Running';

/** Everything a bulk change may have changed: stock, pools, users. */
function refreshLists(queryClient: QueryClient) {
  return Promise.all(
    [QUERY_ROOTS.licenses, QUERY_ROOTS.pools, QUERY_ROOTS.childAccounts, QUERY_ROOTS.accounts].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root] }),
    ),
  );
}

/** `POST /Bulk`: starts a bulk change; its rows are changed in the background. */
export function useCreateBulk() {
  return useMutation({
    mutationFn: async (body: CreateBulk) => (await callEndpoint(LAZY_ENDPOINTS.createBulk, { body })).data,
    // The dialog shows a 409 itself (the stock short for every target); the toast says the rest.
    meta: { inline: { conflict: true } },
  });
}

/** `GET /Bulk/{id}`: read again every second while it runs; once done, the lists it changed reload. */
export function useBulkOperation(id: string) {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: [BULK_ROOT, 'one', id],
      queryFn: async ({ signal }) => {
        const data = (await callEndpoint(LAZY_ENDPOINTS.bulkOperation, { params: { id }, signal })).data;
        if (!running(data)) await refreshLists(queryClient);
        return data;
      },
      refetchInterval: (query) => (running(query.state.data) ? BULK_POLL_MS : false),
    }),
  );
}

/** `GET /Bulk/{id}/rows`: the first rows, failed first; refreshed with the batch's progress. */
export function useBulkRows(id: string, live: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [BULK_ROOT, 'rows', id],
      queryFn: async ({ signal }) => {
        const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.bulkRows, {
          params: { id },
          query: { pageNumber: 1, pageSize: 100 },
          signal,
        });
        return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
      },
      refetchInterval: live ? BULK_POLL_MS : false,
    }),
  );
}

/** `POST /Bulk/{id}/undo`: a batch of the inverse movements; the batch read again shows it undone. */
export function useUndoBulk(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callEndpoint(LAZY_ENDPOINTS.undoBulk, { params: { id } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BULK_ROOT, 'one', id] }),
  });
}
