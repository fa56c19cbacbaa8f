import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords';
import { openTestDatabase } from '../../test/helper';
import type { DatabaseHandle } from './client';
import { accounts } from './schema';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('seedDemo', () => {
  it('hashes the shared demo password once per account, so no two hashes are equal', async () => {
    expect(await seedDemo(handle.db, 'demo passphrase for the seed')).toBe(true);
    const rows = await handle.db.select({ passwordHash: accounts.passwordHash }).from(accounts);
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    expect(new Set(rows.map((r) => r.passwordHash)).size).toBe(DEMO_ACCOUNTS.length);
    for (const row of rows) expect(await verifyPassword(row.passwordHash, 'demo passphrase for the seed')).toBe(true);
    expect(await seedDemo(handle.db, 'demo passphrase for the seed')).toBe(false);
  });
});
