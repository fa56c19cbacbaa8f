import type { AllocationRequest } from '@portal/contracts/licenses';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { ALLOCATION_INLINE } from './allocation-inline';
import { refreshStock } from './stock-query-keys';

/** `POST LicenseAllocation/revoke?allowPartialRevocation=true` (docs/product.md). */
export function revokeLicenses(body: AllocationRequest) {
  return callEndpoint(ENDPOINTS.revoke, { query: { allowPartialRevocation: true }, body });
}

export function useRevokeLicenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeLicenses,
    meta: { inline: ALLOCATION_INLINE },
    onSuccess: () => refreshStock(queryClient),
  });
}
