import { describe, expect, it } from 'vitest';
import { useAccountsWorld } from '../../../test/accounts-world';

const world = useAccountsWorld();
const { call } = world;
const list = async (query: string) => {
  const res = await call('GET', `/api/User/accounts${query}`, world.superAdmin);
  expect(res.statusCode, query).toBe(200);
  return res.json<{
    data: { email: string; name: string; active: boolean; roles: string[] }[];
    pageInfo: { pageNumber: number; pageSize: number; totalCount: number; totalPages: number };
  }>();
};

describe('the SuperAdmin accounts list', () => {
  it('holds every account of every organisation with roles and status', async () => {
    const res = await call('GET', '/api/User/accounts?pageSize=2500', world.superAdmin);
    const emails = res.json().data.map((a: { email: string }) => a.email);
    expect(emails).toEqual(
      expect.arrayContaining(['superadmin@example.com', 'admin@example.com', 'other.user@example.com']),
    );
    expect((await call('GET', '/api/User/accounts', world.admin)).statusCode).toBe(403);
  });

  it('pages on the server: 10 rows by default, and the pages add up to the whole', async () => {
    const first = await list('');
    const total = first.pageInfo.totalCount;
    expect(total).toBeGreaterThan(5);
    expect(first.pageInfo).toEqual({
      pageNumber: 1,
      pageSize: 10,
      totalCount: total,
      totalPages: Math.ceil(total / 10),
    });
    const pages = await Promise.all([1, 2, 3].map((n) => list(`?pageSize=3&pageNumber=${n}`)));
    const emails = pages.flatMap((p) => p.data.map((a) => a.email));
    expect(new Set(emails).size).toBe(Math.min(9, total));
    expect(pages[0]?.data.map((a) => a.email)).toEqual(first.data.slice(0, 3).map((a) => a.email));
  });

  it('filters on name, email or a role, ignoring case', async () => {
    const byEmail = await list('?search=OTHER.USER');
    expect(byEmail.data.map((a) => a.email)).toEqual(['other.user@example.com']);
    expect(byEmail.pageInfo.totalCount).toBe(1);
    const byRole = await list('?search=superadmin&pageSize=50');
    expect(byRole.data.every((a) => a.roles.includes('SuperAdmin') || /superadmin/i.test(a.email + a.name))).toBe(true);
    expect((await list('?search=50%25_off')).data).toEqual([]);
  });

  it('sorts by name, email or status in either direction', async () => {
    const up = (await list('?sortBy=email&sortOrder=asc&pageSize=2500')).data.map((a) => a.email);
    const down = (await list('?sortBy=email&sortOrder=desc&pageSize=2500')).data.map((a) => a.email);
    // The order within is the database collation's; the ends and the reversal are not.
    expect(up[0]).toBe('admin@example.com');
    expect(down).toEqual([...up].reverse());
    const inactiveFirst = (await list('?sortBy=active&pageSize=2500')).data.map((a) => a.active);
    expect(inactiveFirst).toEqual([...inactiveFirst].sort((a, b) => Number(a) - Number(b)));
  });

  it('refuses a page larger than 2,500 rows and an unknown sort, with 400', async () => {
    for (const query of ['?pageSize=2501', '?pageNumber=0', '?sortBy=password', '?sortOrder=up']) {
      expect((await call('GET', `/api/User/accounts${query}`, world.superAdmin)).statusCode, query).toBe(400);
    }
  });
});
