import {
  type CreateSavedView,
  SAVED_VIEW_ENDPOINTS,
  type SavedView,
  type SavedViewPage,
  type UpdateSavedView,
} from '@portal/contracts/saved-views';
import { type MutationMeta, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** `GET /SavedViews?page=…`: one list's views (its Views menu). */
export function useListViews(page: SavedViewPage) {
  return useQuery(
    queryOptions({
      queryKey: [QUERY_ROOTS.savedViews, 'page', page],
      queryFn: async ({ signal }) =>
        (await callEndpoint(SAVED_VIEW_ENDPOINTS.savedViews, { query: { page }, signal })).data,
    }),
  );
}

function useViewsMutation<T>(call: (input: T) => Promise<{ data: SavedView }>, meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.savedViews] }),
  });
}

/** The Save view dialog's fields that the server's field errors land on. */
export const SAVE_VIEW_FIELDS = ['name', 'pinned'] as const;

/** `POST /SavedViews`. */
export function useSaveView() {
  return useViewsMutation((body: CreateSavedView) => callEndpoint(SAVED_VIEW_ENDPOINTS.createSavedView, { body }), {
    inline: { fields: SAVE_VIEW_FIELDS },
  });
}

/** `PUT /SavedViews/{id}`: rename, new filters, share or unshare. */
export function useUpdateView() {
  return useViewsMutation(
    ({ id, ...body }: UpdateSavedView & { id: string }) =>
      callEndpoint(SAVED_VIEW_ENDPOINTS.updateSavedView, { params: { id }, body }),
    { inline: { fields: ['name'] } },
  );
}

/** `DELETE /SavedViews/{id}`. */
export function useDeleteView() {
  return useViewsMutation((id: string) => callEndpoint(SAVED_VIEW_ENDPOINTS.deleteSavedView, { params: { id } }));
}

/** `PUT /SavedViews/{id}/pin`. */
export function usePinView() {
  return useViewsMutation(({ id, pinned }: { id: string; pinned: boolean }) =>
    callEndpoint(SAVED_VIEW_ENDPOINTS.pinSavedView, { params: { id }, body: { pinned } }),
  );
}
