import { allocationCount, type AllocationRequest, countOverAvailable } from '@portal/contracts/allocations';
import { DURATION_TYPES, USAGE_TYPES } from '@portal/contracts/license-kinds';
import { MSG } from '@portal/contracts/messages';
import { z } from 'zod';

export type TransferMode = 'allocate' | 'revoke';

/**
 * The allocate and revoke rules and their words are the request's own (contracts/allocations.ts):
 * at least 1 to allocate; a revocation may leave a row at 0, which is dropped before sending.
 */
const MIN = { allocate: 1, revoke: 0 } as const;

function rowSchema(mode: TransferMode) {
  return z
    .object({
      groupKey: z.string().min(1, MSG.groupKeyRequired),
      productCode: z.string().min(1, MSG.productCodeRequired),
      name: z.string(),
      edition: z.string(),
      durationType: z.enum(DURATION_TYPES),
      usageType: z.enum(USAGE_TYPES),
      duration: z.number().nullable(),
      available: z.number(),
      // An empty box reads as NaN: the same message as a count below the minimum.
      quantity: allocationCount(MIN[mode]),
    })
    .superRefine((row, ctx) => {
      if (row.quantity > row.available) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: countOverAvailable(row.available) });
      }
    });
}

/** The Allocate and Revoke form: a target (User or Pool) and the picked product groups. */
export function transferSchema(mode: TransferMode) {
  return z.object({
    targetType: z.enum(['User', 'Pool']),
    targetId: z.string().min(1, MSG.targetIdRequired),
    rows: z.array(rowSchema(mode)),
  });
}

export type TransferValues = z.input<ReturnType<typeof transferSchema>>;
export type TransferOutput = z.output<ReturnType<typeof transferSchema>>;

export const allocateSchema = transferSchema('allocate');
export const revokeSchema = transferSchema('revoke');

/** The request body: rows at 0 are dropped before sending. */
export function toAllocationRequest(values: TransferOutput): AllocationRequest {
  return {
    targetId: values.targetId,
    isUser: values.targetType === 'User',
    productAllocations: values.rows
      .filter((row) => row.quantity > 0)
      .map(({ groupKey, productCode, quantity }) => ({ groupKey, productCode, quantity })),
  };
}
