import { allocationRequestSchema } from '@portal/contracts/allocations';
import { describe, expect, it } from 'vitest';
import { allocateSchema, revokeSchema, toAllocationRequest } from './transfer-schema';

const TARGET = '00000000-0000-4000-8000-000000000001';
const row = (quantity: number, available = 5) => ({
  groupKey: 'MBX|Standard|Perpetual|-|NodeLockedForever',
  productCode: 'MBX',
  name: 'Mailbox',
  edition: 'Standard',
  durationType: 'Perpetual' as const,
  usageType: 'NodeLockedForever' as const,
  duration: null,
  available,
  quantity,
});

const formMessages = (schema: typeof allocateSchema, quantity: number, available?: number) =>
  schema
    .safeParse({ targetType: 'User', targetId: TARGET, rows: [row(quantity, available)] })
    .error?.issues.map((issue) => issue.message) ?? [];

const serverMessages = (quantity: number) =>
  allocationRequestSchema
    .safeParse({
      targetId: TARGET,
      isUser: true,
      productAllocations: [{ groupKey: 'g', productCode: 'MBX', quantity }],
    })
    .error?.issues.map((issue) => issue.message) ?? [];

describe('the Allocate and Revoke form', () => {
  it("refuses a count with the server's own words (the request schema of contracts/allocations.ts)", () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(serverMessages(quantity), String(quantity)).not.toEqual([]);
      expect(formMessages(allocateSchema, quantity), String(quantity)).toEqual(serverMessages(quantity));
    }
    expect(formMessages(allocateSchema, 1.5)).toEqual(['Count must be a whole number']);
  });

  it('lets a revocation leave a row at 0, never below, and never more than is available', () => {
    expect(formMessages(revokeSchema, 0)).toEqual([]);
    expect(formMessages(revokeSchema, -1)).toEqual(['Count cannot be negative']);
    expect(formMessages(allocateSchema, 6, 5)).toEqual(['Count must be at most 5 (available)']);
    expect(formMessages(revokeSchema, 6, 5)).toEqual(['Count must be at most 5 (available)']);
  });

  it('sends what the server accepts, without the rows at 0', () => {
    const values = revokeSchema.parse({
      targetType: 'User',
      targetId: TARGET,
      rows: [row(2), { ...row(0), groupKey: 'x' }],
    });
    const request = toAllocationRequest(values);
    expect(request.productAllocations).toHaveLength(1);
    expect(allocationRequestSchema.safeParse(request).success).toBe(true);
  });
});
