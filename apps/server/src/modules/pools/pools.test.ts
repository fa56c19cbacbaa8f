import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptEula, addAccount, idOf, snapshot } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let admin: string;
let auditor: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['admin@example.com', 'auditor@example.com', 'user@example.com']);
  admin = await ctx.login('admin@example.com');
  auditor = await ctx.login('auditor@example.com');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const createPool = (name: string, description = 'A pool') =>
  call('POST', '/api/LicensePool?poolType=Pool', admin, { name, description });
const members = async (poolId: string) =>
  (await call('GET', `/api/LicensePool/${poolId}/users`, admin)).json().data.map((u: { email: string }) => u.email);

describe('shared pools', () => {
  it('creates a pool with the spec messages, a unique name per owner, and Default Pool reserved', async () => {
    const invalid = await call('POST', '/api/LicensePool?poolType=Pool', admin, { name: ' ', description: '' });
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'description', message: 'Description is required' },
    ]);
    expect((await createPool('Engineering')).statusCode).toBe(200);
    const duplicate = await createPool('ENGINEERING');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A pool with this name already exists.');
    expect((await createPool('Default Pool')).statusCode).toBe(409);
  });

  it('lists shared pools only (Default hidden), paged, for Admin and Auditor alike', async () => {
    await createPool('Finance');
    await createPool('Operations');
    const page = (await call('GET', '/api/LicensePool?pageNumber=1&pageSize=2', admin)).json();
    expect(page.data.map((p: { name: string }) => p.name)).toEqual(['Engineering', 'Finance']);
    // The demo seed's 'Sales Team' is the fourth.
    expect(page.pageInfo).toEqual({ pageNumber: 1, pageSize: 2, totalCount: 4, totalPages: 2 });
    const audited = (await call('GET', '/api/LicensePool?poolType=Pool&pageNumber=1&pageSize=2000', auditor)).json();
    expect(audited.data.map((p: { name: string }) => p.name)).toEqual([
      'Engineering',
      'Finance',
      'Operations',
      'Sales Team',
    ]);
    expect(audited.data.every((p: { poolType: string }) => p.poolType === 'Pool')).toBe(true);
  });

  it('searches pools by name or description, taking % literally', async () => {
    const found = (await call('GET', '/api/LicensePool?search=FIN', admin)).json();
    expect(found.data.map((p: { name: string }) => p.name)).toEqual(['Finance']);
    expect(found.pageInfo.totalCount).toBe(1);
    expect((await call('GET', '/api/LicensePool?search=%25', admin)).json().data).toEqual([]);
  });

  it('refuses a page size above the cap', async () => {
    expect((await call('GET', '/api/LicensePool?pageNumber=1&pageSize=5000', admin)).statusCode).toBe(400);
  });
});

describe('POST /api/LicensePool/manage-accounts', () => {
  it('adds and removes members in one go; joining a pool leaves the previous one', async () => {
    const pools = (await call('GET', '/api/LicensePool', admin)).json().data as { id: string; name: string }[];
    const [eng, fin] = [pools.find((p) => p.name === 'Engineering')!.id, pools.find((p) => p.name === 'Finance')!.id];
    const user = await idOf(ctx.handle.db, 'user@example.com');
    const user2 = await idOf(ctx.handle.db, 'user2@example.com');
    const add = await call('POST', '/api/LicensePool/manage-accounts', admin, {
      poolId: eng,
      addUserIds: [user, user2],
      removeUserIds: [],
      allowPartialAssignment: true,
    });
    expect(add.json()).toMatchObject({
      message: '2 added, 0 removed.',
      data: { added: [user, user2], removed: [], refused: [], moved: [] },
    });
    expect((await members(eng)).sort()).toEqual(['user2@example.com', 'user@example.com']);
    const move = await call('POST', '/api/LicensePool/manage-accounts', admin, {
      poolId: fin,
      addUserIds: [user],
      removeUserIds: [],
    });
    expect(move.statusCode).toBe(200);
    // The move out of Engineering is said, in the answer and in the audit trail.
    expect(move.json()).toMatchObject({
      message: '1 added, 0 removed. 1 moved from another pool (Engineering).',
      data: { added: [user], moved: [{ userId: user, fromPoolId: eng, fromPoolName: 'Engineering' }] },
    });
    const trail = (await call('GET', '/api/Audit?action=pool.members', admin)).json();
    expect(JSON.stringify(trail.data[0])).toContain('Engineering');
    expect(await members(eng)).toEqual(['user2@example.com']);
    expect(await members(fin)).toEqual(['user@example.com']);
    const remove = await call('POST', '/api/LicensePool/manage-accounts', admin, {
      poolId: eng,
      addUserIds: [],
      removeUserIds: [user2],
    });
    expect(remove.json().data.removed).toEqual([user2]);
    expect(await members(eng)).toEqual([]);
  });

  it('lists refusals with allowPartialAssignment, and refuses all without it', async () => {
    const pools = (await call('GET', '/api/LicensePool', admin)).json().data as { id: string; name: string }[];
    const ops = pools.find((p) => p.name === 'Operations')!.id;
    const grand = await addAccount(ctx.handle.db, {
      email: 'grandchild@example.com',
      roles: ['User'],
      parentId: await idOf(ctx.handle.db, 'user@example.com'),
    });
    const user2 = await idOf(ctx.handle.db, 'user2@example.com');
    const before = await snapshot(ctx.handle.db);
    const strict = await call('POST', '/api/LicensePool/manage-accounts', admin, {
      poolId: ops,
      addUserIds: [user2, grand],
      removeUserIds: [],
    });
    expect(strict.statusCode).toBe(409);
    expect(strict.json().message).toMatch(/Nothing was changed/);
    expect(await snapshot(ctx.handle.db)).toBe(before);
    const partial = await call('POST', '/api/LicensePool/manage-accounts', admin, {
      poolId: ops,
      addUserIds: [user2, grand],
      removeUserIds: [],
      allowPartialAssignment: true,
    });
    expect(partial.json().data).toEqual({
      added: [user2],
      removed: [],
      refused: [{ userId: grand, reason: 'Only child accounts of the pool owner can join this pool.' }],
      moved: [],
    });
  });

  it('lists the accounts eligible for a pool: children of its owner not yet in it', async () => {
    const pools = (await call('GET', '/api/LicensePool', admin)).json().data as { id: string; name: string }[];
    const ops = pools.find((p) => p.name === 'Operations')!.id;
    const eligible = (await call('GET', `/api/User/child-accounts?eligibleForPoolId=${ops}`, admin)).json().data;
    const emails = eligible.map((a: { email: string }) => a.email);
    expect(emails).not.toContain('grandchild@example.com');
    expect(emails).not.toContain('user2@example.com');
    expect(emails).toContain('user@example.com');
    const unknown = await call(
      'GET',
      '/api/User/child-accounts?eligibleForPoolId=00000000-0000-4000-8000-000000000000',
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an empty request and contradictory ids', async () => {
    const pools = (await call('GET', '/api/LicensePool', admin)).json().data as { id: string }[];
    const user = await idOf(ctx.handle.db, 'user@example.com');
    expect((await call('POST', '/api/LicensePool/manage-accounts', admin, { poolId: pools[0]!.id })).statusCode).toBe(
      400,
    );
    const both = await call('POST', '/api/LicensePool/manage-accounts', admin, {
      poolId: pools[0]!.id,
      addUserIds: [user],
      removeUserIds: [user],
    });
    expect(both.json().message).toBe('A user cannot be both added and removed.');
  });
});
