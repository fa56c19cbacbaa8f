import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../../test/helper';
import { adminPrincipal, countingDb, stockOrg, wideOrg } from '../../../test/stock-fixtures';
import { listPools } from './pools.repository';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('the pools list', () => {
  it('fills groupedLicenses with the same statements for 2 pools as for 12 (no query per pool)', async () => {
    const now = new Date('2026-11-21T09:00:00.000Z');
    const small = await stockOrg(handle.db);
    const large = await wideOrg(handle.db, now);
    const cost = async (accountId: string) => {
      const counted = countingDb(handle);
      const page = await listPools(counted.db, adminPrincipal(accountId), { pageNumber: 1, pageSize: 50 }, now);
      return { page, statements: counted.statements() };
    };
    const few = await cost(small.a);
    const many = await cost(large.a);
    expect(many.page.rows).toHaveLength(12); // P1, B's P2 and the 10 extra pools
    expect(many.page.rows.filter((p) => p.groupedLicenses.length === 1)).toHaveLength(10);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
  });
});
