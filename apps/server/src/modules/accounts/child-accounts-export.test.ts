import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { csvOf, expectExportAudit, exportAudits } from '../../../test/csv-read';
import { addAccount, idOf } from '../../../test/fixtures';
import { accountsWorld, type AccountsWorld, caller, type ChildRow } from '../../../test/accounts-world';
import { allAccountBatches, childAccountBatches } from './accounts.repository';

let world: AccountsWorld;
const call = (url: string, token: string) => caller(world.ctx)('GET', url, token);

const exported = async (token: string, query = '') =>
  csvOf(await call(`/api/User/child-accounts/export${query}`, token));
const listed = async (token: string, query = '') =>
  (await call(`/api/User/child-accounts${query}`, token)).json().data as ChildRow[];

beforeAll(async () => {
  world = await accountsWorld();
  const db = world.ctx.handle.db;
  // A name a spreadsheet would run, and accents that need the BOM.
  await addAccount(db, {
    email: 'formula@example.com',
    name: '=HYPERLINK("http://evil","Émile")',
    roles: ['User'],
    parentId: await idOf(db, 'admin@example.com'),
  });
  await world.ctx.heard();
});
afterAll(() => world.ctx.close());

describe('GET /api/User/child-accounts/export', () => {
  it('answers the whole list as CSV, in its order, with a dated file name', async () => {
    const { res, header, rows } = await exported(world.admin);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users_2026-11-21T0900Z.csv"');
    expect(header).toEqual(['Name', 'Email', 'Roles', 'Status', 'Pool', 'Created']);
    const list = await listed(world.admin);
    expect(rows.map((r) => r[1])).toEqual(list.map((c) => c.email));
    expect(rows.length).toBeGreaterThan(4);
  });

  it('makes a formula inert and keeps accents', async () => {
    const { rows } = await exported(world.admin, '?search=formula');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe(`'=HYPERLINK("http://evil","Émile")`);
    expect(rows[0]?.slice(1, 5)).toEqual(['formula@example.com', 'User', 'Active', 'Individual']);
  });

  it('keeps to the caller’s scope and honours the search, like the list', async () => {
    for (const token of [world.admin, world.auditor, world.other.token]) {
      const { rows } = await exported(token);
      expect(rows.map((r) => r[1])).toEqual((await listed(token)).map((c) => c.email));
    }
    expect((await exported(world.other.token)).rows.map((r) => r[1])).toEqual(['other.user@example.com']);
    expect((await exported(world.admin, '?search=UMAR')).rows.map((r) => r[1])).toEqual(['user2@example.com']);
  });

  it('refuses paging and a pool outside the scope before the file begins, leaving no export row', async () => {
    const before = (await exportAudits(world.ctx.handle.db)).length;
    expect((await call('/api/User/child-accounts/export?pageSize=2', world.admin)).statusCode).toBe(400);
    const res = await call(`/api/User/child-accounts/export?eligibleForPoolId=${world.other.pool}`, world.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
    expect(await exportAudits(world.ctx.handle.db)).toHaveLength(before);
  });

  it('writes the export to the audit trail with its search', async () => {
    await exported(world.admin, '?search=umar');
    const adminId = await idOf(world.ctx.handle.db, 'admin@example.com');
    await expectExportAudit(world.ctx.handle.db, 'users', { search: 'umar' }, { actorId: adminId });
  });

  it('reads in keyset batches that neither skip nor repeat, names alike', async () => {
    const db = world.ctx.handle.db;
    const parentId = await idOf(db, 'admin@example.com');
    for (const n of [1, 2, 3])
      await addAccount(db, { email: `twin${n}@example.com`, name: 'Twin', roles: ['User'], parentId });
    const [admin] = await db.select().from(accounts).where(eq(accounts.email, 'admin@example.com'));
    if (!admin) throw new Error('no admin');
    const principal = { accountId: admin.id, roles: admin.roles, parentId: admin.parentId } as Parameters<
      typeof childAccountBatches
    >[1];
    const seen: string[] = [];
    for await (const batch of await childAccountBatches(db, principal, {}, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((c) => c.email));
    }
    expect(seen).toEqual((await listed(world.admin)).map((c) => c.email));
  });
});

describe('GET /api/User/accounts/export', () => {
  it('answers every account of the SuperAdmin’s list, in its sort order, searched like it', async () => {
    const { res, header, rows } = csvOf(
      await call('/api/User/accounts/export?sortBy=email&sortOrder=desc', world.superAdmin),
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="accounts_2026-11-21T0900Z.csv"');
    expect(header).toEqual(['Name', 'Email', 'Roles', 'Status', 'Created']);
    const list = (await call('/api/User/accounts?sortBy=email&sortOrder=desc&pageSize=100', world.superAdmin)).json()
      .data as ChildRow[];
    expect(rows.map((r) => r[1])).toEqual(list.map((a) => a.email));
    expect(rows.map((r) => r[1])).toContain('other.user@example.com');
    const found = csvOf(await call('/api/User/accounts/export?search=formula', world.superAdmin)).rows;
    expect(found.map((r) => r[0])).toEqual([`'=HYPERLINK("http://evil","Émile")`]);
  });

  it('reads in keyset batches on every sort column, neither skipping nor repeating', async () => {
    for (const sortBy of ['name', 'email', 'active'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        for await (const batch of allAccountBatches(world.ctx.handle.db, { sortBy, sortOrder }, 3)) {
          seen.push(...batch.map((a) => a.email));
        }
        const list = (
          await call(`/api/User/accounts?sortBy=${sortBy}&sortOrder=${sortOrder}&pageSize=100`, world.superAdmin)
        ).json().data as ChildRow[];
        expect(seen, `${sortBy} ${sortOrder}`).toEqual(list.map((a) => a.email));
      }
    }
  });

  it('is the SuperAdmin’s only, and writes its audit row with the sort', async () => {
    expect((await call('/api/User/accounts/export', world.admin)).statusCode).toBe(403);
    await call('/api/User/accounts/export?sortBy=email&search=x', world.superAdmin);
    await expectExportAudit(
      world.ctx.handle.db,
      'accounts',
      { search: 'x', sortBy: 'email', sortOrder: 'asc' },
      { actorEmail: 'superadmin@example.com' },
    );
  });
});
