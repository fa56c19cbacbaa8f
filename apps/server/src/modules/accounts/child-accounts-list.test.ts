import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsWorld, type AccountsWorld, caller, type ChildRow } from './accounts-world';

let ctx: AccountsWorld['ctx'];
let admin: string;
let auditor: string;
let other: AccountsWorld['other'];

beforeAll(async () => {
  ({ ctx, admin, auditor, other } = await accountsWorld());
});
afterAll(() => ctx.close());

const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(ctx)(...args);
const children = async (token: string) =>
  (await call('GET', '/api/User/child-accounts', token)).json().data as ChildRow[];

describe('GET /api/User/child-accounts', () => {
  it("lists an Admin's subtree and an Auditor's organisation, never another organisation", async () => {
    const mine = (await children(admin)).map((c) => c.email);
    expect(mine).toEqual(
      expect.arrayContaining(['auditor@example.com', 'user@example.com', 'user2@example.com', 'secure@example.com']),
    );
    expect(mine).not.toContain('admin@example.com');
    expect(mine).not.toContain('other.user@example.com');
    expect((await children(auditor)).map((c) => c.email).sort()).toEqual(mine.sort());
    expect((await children(other.token)).map((c) => c.email)).toEqual(['other.user@example.com']);
  });

  it('pages and searches on the server', async () => {
    const res = await call('GET', '/api/User/child-accounts?pageNumber=2&pageSize=2&search=example', admin);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.pageInfo).toMatchObject({ pageNumber: 2, pageSize: 2, totalCount: 4, totalPages: 2 });
    const found = (await call('GET', '/api/User/child-accounts?search=UMAR', admin)).json().data;
    expect(found.map((c: { email: string }) => c.email)).toEqual(['user2@example.com']);
  });
});
