import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { CreateLicenseInput } from '@portal/contracts/licenses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** The fields of the Create License form that the server's 400 field errors land on. */
export const CREATE_LICENSE_FIELDS = [
  'productCode',
  'licenseTypeName',
  'durationType',
  'usageType',
  'customerEmail',
  'customerName',
  'startDate',
  'expiryDate',
  'duration',
  'totalCount',
  'floatingTimeLimit',
  'orderId',
  'sourceLicenseId',
] as const;

/** `POST License`: issues a lot to the customer (an Admin's is drawn from a lot it holds: decision 029). */
export function createLicense(body: CreateLicenseInput) {
  return callEndpoint(ENDPOINTS.createLicense, { body });
}

export function useCreateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLicense,
    // The dialog shows field errors on its fields and a refusal (409) once, inside the dialog.
    // Its success notice is the dialog's own: it says when a customer account was created.
    meta: { inline: { fields: CREATE_LICENSE_FIELDS, conflict: true, success: true } },
    // The new lot shows in every stock view, and a new customer account in the account lists.
    onSuccess: () =>
      Promise.all(
        [QUERY_ROOTS.licenses, QUERY_ROOTS.childAccounts, QUERY_ROOTS.accounts].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root] }),
        ),
      ),
  });
}
