import type { AccountImport, ImportRowsQuery } from '@portal/contracts/account-imports';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { keepPreviousPage } from '@/lib/keep-previous-page';
import { refreshAccountLists } from '../api/refresh-account-lists';

/** The root of every import query: an upload or an apply refreshes them all. */
const IMPORTS_ROOT = 'account-imports';
/** How often an import being applied is read again: its progress bar moves at this pace. */
export const PROGRESS_INTERVAL_MS = 1000;

const applying = (data: AccountImport | undefined) => data?.status === 'Applying';

/** `GET /User/imports/{id}`: one import, read again every second while its rows are being created. */
export function useAccountImport(id: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [IMPORTS_ROOT, 'one', id],
      queryFn: async ({ signal }) =>
        (await callEndpoint(LAZY_ENDPOINTS.accountImport, { params: { id: id! }, signal })).data,
      enabled: id !== undefined,
      refetchInterval: (query) => (applying(query.state.data) ? PROGRESS_INTERVAL_MS : false),
    }),
  );
}

export type ImportRowsParams = Required<Pick<ImportRowsQuery, 'pageNumber' | 'pageSize' | 'show'>>;

/** `GET /User/imports/{id}/rows`: a page of its rows in file order; refreshed with the import's progress. */
export function useImportRows(id: string, params: ImportRowsParams, live: boolean) {
  const queryKey = [IMPORTS_ROOT, 'rows', id, params] as const;
  return useQuery(
    queryOptions({
      queryKey,
      queryFn: async ({ signal }) => {
        const { data, pageInfo } = await callEndpoint(LAZY_ENDPOINTS.accountImportRows, {
          params: { id },
          query: params,
          signal,
        });
        return { rows: data, totalCount: pageInfo?.totalCount ?? data.length };
      },
      placeholderData: keepPreviousPage(queryKey),
      refetchInterval: live ? PROGRESS_INTERVAL_MS : false,
    }),
  );
}

/** `GET /User/imports`: the Admin's recent imports, newest first. */
export function useAccountImports() {
  return useQuery(
    queryOptions({
      queryKey: [IMPORTS_ROOT, 'list'],
      queryFn: async ({ signal }) =>
        (await callEndpoint(LAZY_ENDPOINTS.accountImports, { query: { pageNumber: 1, pageSize: 10 }, signal })).data,
    }),
  );
}

/** `POST /User/imports`: the file's dry run. A refusal of the whole file shows beside the file field. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { fileName: string; csv: string }) =>
      (await callEndpoint(LAZY_ENDPOINTS.createAccountImport, { body })).data,
    // The page says why a file was refused, beside the file field: no toast.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [IMPORTS_ROOT] }),
  });
}

/** `POST /User/imports/{id}/apply`: the rows are created in the background; the Users list follows. */
export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer's message ("Import started…") is the toast.
    mutationFn: (id: string) => callEndpoint(LAZY_ENDPOINTS.applyAccountImport, { params: { id } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [IMPORTS_ROOT] });
      await refreshAccountLists(queryClient);
    },
  });
}
