import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationHierarchy } from '@portal/contracts/licenses';
import { acceptEula } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['admin@example.com']);
});
afterAll(() => ctx.close());

describe('an expired lot on the dashboard', () => {
  it('counts its unused units as expired, so that every row adds up to its Total', async () => {
    const token = await ctx.login('admin@example.com');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/LicensePool/user-allocation-hierarchy',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const hierarchy = res.json<{ data: AllocationHierarchy }>().data;
    const rows = hierarchy.defaultPool.productAllocations;
    // The demo's T2T lot of 25 expired unused: Total 25, nothing available, all of it expired.
    expect(rows.find((row) => row.productCode === 'T2T')).toMatchObject({
      totalQuantity: 25,
      availableQuantity: 0,
      expiredQuantity: 25,
    });
    for (const row of rows) {
      expect(
        row.availableQuantity +
          row.inTransitQuantity +
          row.consumedQuantity +
          row.allocatedQuantity +
          row.expiredQuantity,
      ).toBe(row.totalQuantity);
    }
    expect(rows.filter((row) => row.productCode !== 'T2T').every((row) => row.expiredQuantity === 0)).toBe(true);
  });
});
