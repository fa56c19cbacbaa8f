import type { AllocationRequest } from '@portal/contracts/licenses';
import { MSG } from '@portal/contracts/messages';
import { z } from 'zod';

export type TransferMode = 'allocate' | 'revoke';

/** Spec section 5: at least 1 to allocate; a revocation may leave a row at 0, which is dropped. */
const MIN = { allocate: 1, revoke: 0 } as const;
const MIN_MESSAGE = { allocate: MSG.countMin, revoke: 'Count cannot be negative' } as const;

export const maxMessage = (available: number) => `Count must be at most ${available} (available)`;

function rowSchema(mode: TransferMode) {
  return z
    .object({
      groupKey: z.string().min(1, MSG.groupKeyRequired),
      productCode: z.string().min(1, MSG.productCodeRequired),
      name: z.string(),
      edition: z.string(),
      durationType: z.enum(['Perpetual', 'Fixed']),
      usageType: z.enum(['Transactional', 'NodeLocked', 'NodeLockedForever']),
      duration: z.number().nullable(),
      available: z.number(),
      // An empty box reads as NaN: the same message as a count below the minimum.
      quantity: z
        .number({ error: MIN_MESSAGE[mode] })
        .int('Count must be a whole number')
        .min(MIN[mode], MIN_MESSAGE[mode]),
    })
    .superRefine((row, ctx) => {
      if (row.quantity > row.available) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: maxMessage(row.available) });
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

/** The request body: rows at 0 are dropped before sending (spec section 5). */
export function toAllocationRequest(values: TransferOutput): AllocationRequest {
  return {
    targetId: values.targetId,
    isUser: values.targetType === 'User',
    productAllocations: values.rows
      .filter((row) => row.quantity > 0)
      .map(({ groupKey, productCode, quantity }) => ({ groupKey, productCode, quantity })),
  };
}
