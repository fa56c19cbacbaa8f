import type { AllocationRequest } from '@portal/contracts/licenses';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { ALLOCATION_INLINE } from './allocation-inline';
import { refreshStock } from './stock-query-keys';

/** `POST LicenseAllocation/allocate?allowPartialRevocation=true` (docs/product.md). */
export function allocateLicenses(body: AllocationRequest) {
  return callEndpoint(ENDPOINTS.allocate, { query: { allowPartialRevocation: true }, body });
}

export function useAllocateLicenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allocateLicenses,
    meta: { inline: ALLOCATION_INLINE },
    onSuccess: () => refreshStock(queryClient),
  });
}
