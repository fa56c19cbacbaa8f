import { describe, expect, it } from 'vitest';
import { useAccountsWorld } from '../../../test/accounts-world';

const world = useAccountsWorld();
const { call, children } = world;

describe('GET /api/User/child-accounts', () => {
  it("lists an Admin's subtree and an Auditor's organisation, never another organisation", async () => {
    const mine = (await children(world.admin)).map((c) => c.email);
    expect(mine).toEqual(
      expect.arrayContaining(['auditor@example.com', 'user@example.com', 'user2@example.com', 'secure@example.com']),
    );
    expect(mine).not.toContain('admin@example.com');
    expect(mine).not.toContain('other.user@example.com');
    expect((await children(world.auditor)).map((c) => c.email).sort()).toEqual(mine.sort());
    expect((await children(world.other.token)).map((c) => c.email)).toEqual(['other.user@example.com']);
  });

  it('pages and searches on the server', async () => {
    const res = await call('GET', '/api/User/child-accounts?pageNumber=2&pageSize=2&search=example', world.admin);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.pageInfo).toMatchObject({ pageNumber: 2, pageSize: 2, totalCount: 4, totalPages: 2 });
    const found = (await call('GET', '/api/User/child-accounts?search=UMAR', world.admin)).json().data;
    expect(found.map((c: { email: string }) => c.email)).toEqual(['user2@example.com']);
  });
});
