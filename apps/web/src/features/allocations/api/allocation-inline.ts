import type { InlineNotices } from '@/lib/handle-server-error';

/**
 * What the Allocate and Revoke dialogs show themselves, above their buttons: a 409 (more than is
 * available, named by the server) and the request's field errors. The global toast says the rest.
 */
export const ALLOCATION_INLINE = {
  conflict: true,
  fields: ['targetId', 'isUser', 'productAllocations', 'groupKey', 'productCode', 'quantity'],
} as const satisfies InlineNotices;
