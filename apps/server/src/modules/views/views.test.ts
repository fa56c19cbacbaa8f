import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_MSG, type SavedView } from '@portal/contracts/saved-views';
import { apiCall, createTestContext, type TestContext } from '../../../test/helper';
import { signInTwoOrgs, twoStockOrgs, type TwoOrgTokens } from '../../../test/stock-fixtures';
import { addAccount, signIn } from '../../../test/fixtures';

let ctx: TestContext;
let t: TwoOrgTokens & { d: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const orgs = await twoStockOrgs(ctx.handle.db);
  t = { ...(await signInTwoOrgs(ctx, orgs)), ...(await signIn(ctx, { d: orgs.org.d })) };
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  apiCall(ctx, method, url, token, payload);

async function save(token: string, body: object): Promise<SavedView> {
  const res = await call('POST', '/SavedViews', token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const listOf = async (token: string, query = ''): Promise<SavedView[]> => {
  const res = await call('GET', `/SavedViews${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const names = (views: SavedView[]) => views.map((view) => view.name);

describe('saved views', () => {
  it('keeps a list’s query without its page number, and lists the owner’s views by name', async () => {
    const view = await save(t.a, {
      name: '  Wave 3 admins ',
      page: '/child-accounts',
      query: '?filter=wave-3&page=4&pageSize=50&status=Active',
    });
    expect(view).toMatchObject({
      name: 'Wave 3 admins',
      page: '/child-accounts',
      query: 'filter=wave-3&pageSize=50&status=Active',
      shared: false,
      mine: true,
      pinned: false,
      ownerName: 'Alex Admin',
    });
    await save(t.a, { name: 'all lots', page: '/licenses', query: '' });
    expect(names(await listOf(t.a))).toEqual(['all lots', 'Wave 3 admins']);
    expect(names(await listOf(t.a, '?page=/licenses'))).toEqual(['all lots']);
  });

  it('refuses a bad view with a clear message and stores nothing', async () => {
    const before = (await listOf(t.b)).length;
    const cases: [object, number, string][] = [
      [{ name: ' ', page: '/licenses', query: '' }, 400, SAVED_VIEW_MSG.nameRequired],
      [{ name: 'x'.repeat(61), page: '/licenses', query: '' }, 400, SAVED_VIEW_MSG.nameTooLong],
      [{ name: 'Dash', page: '/dashboard', query: '' }, 400, SAVED_VIEW_MSG.unknownPage],
      [{ name: 'Bad key', page: '/licenses', query: 'a-b=1' }, 400, SAVED_VIEW_MSG.badQuery],
      [{ name: 'Long', page: '/licenses', query: `filter=${'x'.repeat(501)}` }, 400, SAVED_VIEW_MSG.badQuery],
      [
        { name: 'Too many', page: '/licenses', query: Array.from({ length: 21 }, (_, i) => `k${i}=1`).join('&') },
        400,
        SAVED_VIEW_MSG.badQuery,
      ],
      // The usage report is the SuperAdmin's: an Admin cannot keep a view of it.
      [{ name: 'Usage', page: '/license-usage-report', query: '' }, 403, SAVED_VIEW_MSG.pageNotYours],
      [{ name: 'Extra', page: '/licenses', query: '', owner: 'x' }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/SavedViews', t.b, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await listOf(t.b)).length).toBe(before);
  });

  it('refuses a second view of the same name on a list, whatever its case', async () => {
    await save(t.b, { name: 'Expiring', page: '/licenses', query: 'filter=2027' });
    const again = await call('POST', '/SavedViews', t.b, { name: 'EXPIRING', page: '/licenses', query: '' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'name', message: SAVED_VIEW_MSG.nameTaken }]);
    // The same name on another list is another view.
    await save(t.b, { name: 'Expiring', page: '/license-allocation', query: '' });
  });

  it('shares a view with the organisation only: the owner’s parent and its accounts, by their own roles', async () => {
    const shared = await save(t.u1, { name: 'My wave', page: '/reports/jobs', query: 'filter=wave', shared: true });
    const usersList = await save(t.b, { name: 'Team', page: '/child-accounts', query: '', shared: true });
    // A (U1's parent), B and U2 (A's other accounts) and the Auditor under A see U1's view.
    for (const token of [t.a, t.b, t.u2, t.auditor]) {
      const seen = (await listOf(token)).find((view) => view.id === shared.id);
      expect(seen).toMatchObject({ mine: false, ownerName: 'Uma User', shared: true });
    }
    // D sits under B: another organisation. The other tree and the SuperAdmin see nothing of it.
    for (const token of [t.d, t.otherAdmin, t.superAdmin]) {
      expect((await listOf(token)).map((view) => view.id)).not.toContain(shared.id);
      expect((await call('PUT', `/SavedViews/${shared.id}/pin`, token, { pinned: true })).status).toBe(404);
    }
    // A User cannot open the Users list: B's shared view of it is not in U2's list.
    expect((await listOf(t.u2)).map((view) => view.id)).not.toContain(usersList.id);
    expect((await listOf(t.auditor)).map((view) => view.id)).toContain(usersList.id);
  });

  it('lets only the owner change or delete a view; others pin it to their own sidebar', async () => {
    const view = await save(t.a, { name: 'Pools by name', page: '/license-pools', query: 'pageSize=50', shared: true });
    const url = `/SavedViews/${view.id}`;
    expect((await call('PUT', url, t.b, { name: 'Mine now' })).body.message).toBe(SAVED_VIEW_MSG.notOwner);
    expect((await call('PUT', url, t.b, { name: 'Mine now' })).status).toBe(403);
    expect((await call('DELETE', url, t.b)).status).toBe(403);

    const pinned = await call('PUT', `${url}/pin`, t.b, { pinned: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body.message).toBe(SAVED_VIEW_MSG.pinned);
    expect(names(await listOf(t.b, '?pinned=true'))).toEqual(['Pools by name']);
    expect(await listOf(t.a, '?pinned=true')).toEqual([]);

    const renamed = await call('PUT', url, t.a, { name: 'Pools, 50 a page', query: '?pageSize=50&filter=EU' });
    expect(renamed.body.data).toMatchObject({ name: 'Pools, 50 a page', query: 'pageSize=50&filter=EU' });
    expect((await call('PUT', url, t.a, {})).body.message).toBe(SAVED_VIEW_MSG.nothingToChange);

    // Unshared: it leaves B's list and sidebar; B's pin cannot be reached any more.
    await call('PUT', url, t.a, { shared: false });
    expect(await listOf(t.b, '?pinned=true')).toEqual([]);
    expect((await call('PUT', `${url}/pin`, t.b, { pinned: false })).status).toBe(404);

    expect((await call('DELETE', url, t.a)).body.message).toBe(SAVED_VIEW_MSG.deleted);
    expect((await call('DELETE', url, t.a)).status).toBe(404);
  });

  it('pins at most ten views, and counts them under a lock when pinned at once', async () => {
    const views = await Promise.all(
      Array.from({ length: SAVED_VIEW_LIMITS.pinned + 2 }, (_, i) =>
        save(t.u2, { name: `Jobs ${i}`, page: '/reports/jobs', query: `filter=${i}` }),
      ),
    );
    const answers = await Promise.all(
      views.map((view) => call('PUT', `/SavedViews/${view.id}/pin`, t.u2, { pinned: true })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(SAVED_VIEW_LIMITS.pinned);
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.message).toBe(SAVED_VIEW_MSG.tooManyPinned);
    expect(await listOf(t.u2, '?pinned=true')).toHaveLength(SAVED_VIEW_LIMITS.pinned);
    // Saving a view pinned counts as well.
    const res = await call('POST', '/SavedViews', t.u2, {
      name: 'One more',
      page: '/reports/jobs',
      query: '',
      pinned: true,
    });
    expect(res.status).toBe(409);
    expect(names(await listOf(t.u2, '?page=/reports/jobs'))).not.toContain('One more');
  });

  it('keeps at most a hundred views a person, even when saved at once', async () => {
    const id = await addAccount(ctx.handle.db, { email: `views-many-${Date.now()}@example.com`, roles: ['User'] });
    const { many } = await signIn(ctx, { many: id });
    const answers = await Promise.all(
      Array.from({ length: SAVED_VIEW_LIMITS.perAccount + 3 }, (_, i) =>
        call('POST', '/SavedViews', many, { name: `View ${i}`, page: '/reports/users', query: '' }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(SAVED_VIEW_LIMITS.perAccount);
    expect(answers.filter((res) => res.status === 409)[0]!.body.message).toBe(SAVED_VIEW_MSG.tooMany);
    expect(await listOf(many)).toHaveLength(SAVED_VIEW_LIMITS.perAccount);
  });
});
