import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../../test/helper';
import { adminPrincipal, countingDb, issue, lot, stockOrg, wideOrg } from '../../../test/stock-fixtures';
import { allocationHierarchy } from './dashboard.queries';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('the allocation hierarchy', () => {
  it('costs the same statements for 3 children and 1 pool as for 13 and 11 (no query per pool)', async () => {
    const now = new Date('2026-11-21T09:00:00.000Z');
    const small = await stockOrg(handle.db);
    await issue(handle.db, small, small.a, lot(now, 5), now);
    const large = await wideOrg(handle.db, now);
    const cost = async (accountId: string) => {
      const counted = countingDb(handle);
      const { hierarchy } = await allocationHierarchy(counted.db, adminPrincipal(accountId), now);
      return { hierarchy, statements: counted.statements() };
    };
    const few = await cost(small.a);
    const many = await cost(large.a);
    expect(many.hierarchy.childUsers.filter((c) => c.defaultPool.productAllocations.length > 0)).toHaveLength(10);
    expect(many.hierarchy.customPools.filter((p) => p.productAllocations.length > 0)).toHaveLength(10);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
  });
});
