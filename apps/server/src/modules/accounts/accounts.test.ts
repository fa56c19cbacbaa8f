import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptEula, addAccount, addSharedPool, idOf, snapshot } from '../../../test/fixtures';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let admin: string;
let auditor: string;
let superAdmin: string;
let adminPool: string;
let other: { admin: string; user: string; pool: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, [
    'superadmin@example.com',
    'admin@example.com',
    'auditor@example.com',
    'user@example.com',
    'user2@example.com',
  ]);
  adminPool = await addSharedPool(db, await idOf(db, 'admin@example.com'), 'Sales');
  const otherAdmin = await addAccount(db, { email: 'other.admin@example.com', roles: ['Admin'] });
  other = {
    admin: otherAdmin,
    user: await addAccount(db, { email: 'other.user@example.com', roles: ['User'], parentId: otherAdmin }),
    pool: await addSharedPool(db, otherAdmin, 'Other pool'),
    token: await ctx.login('other.admin@example.com'),
  };
  admin = await ctx.login('admin@example.com');
  auditor = await ctx.login('auditor@example.com');
  superAdmin = await ctx.login('superadmin@example.com');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const children = async (token: string) =>
  (await call('GET', '/api/User/child-accounts', token)).json().data as {
    email: string;
    poolName: string | null;
    active: boolean;
    id: string;
    roles: string[];
  }[];

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

describe('POST /api/User/create-child-account', () => {
  it('creates a child in a pool, mails it, and lists it', async () => {
    const res = await call('POST', '/api/User/create-child-account', admin, {
      name: 'Nia New',
      email: 'nia@example.com',
      roles: 'User',
      licensePoolId: adminPool,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Child account created successfully',
      data: { id: expect.any(String), name: 'Nia New' },
    });
    const row = (await children(admin)).find((c) => c.email === 'nia@example.com');
    expect(row).toMatchObject({ poolName: 'Sales', active: true, roles: ['User'] });
    await ctx.mail.waitFor('nia@example.com', /confirm your email/i);
  });

  it('defaults to the User role and Individual', async () => {
    await call('POST', '/api/User/create-child-account', admin, { name: 'Ivy', email: 'ivy@example.com' });
    expect((await children(admin)).find((c) => c.email === 'ivy@example.com')).toMatchObject({
      poolName: null,
      roles: ['User'],
    });
  });

  it('answers the spec messages and a clear 409 for a taken email, creating nothing', async () => {
    const before = await snapshot(ctx.handle.db);
    const invalid = await call('POST', '/api/User/create-child-account', admin, { name: '', email: 'nope' });
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Invalid email address' },
    ]);
    const superRole = await call('POST', '/api/User/create-child-account', admin, {
      name: 'X',
      email: 'x@example.com',
      roles: 'SuperAdmin',
    });
    expect(superRole.statusCode).toBe(400);
    const taken = await call('POST', '/api/User/create-child-account', admin, {
      name: 'Dup',
      email: ' USER@example.com ',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists.');
    expect(await snapshot(ctx.handle.db)).toBe(before);
  });
});

describe('editing a child', () => {
  it('assigns a pool and back to Individual', async () => {
    const id = await idOf(ctx.handle.db, 'user2@example.com');
    expect(
      (await call('POST', '/api/User/update-pool', admin, { userId: id, licensePoolId: adminPool })).statusCode,
    ).toBe(200);
    expect((await children(admin)).find((c) => c.id === id)?.poolName).toBe('Sales');
    expect((await call('POST', '/api/User/update-pool', admin, { userId: id, licensePoolId: null })).statusCode).toBe(
      200,
    );
    expect((await children(admin)).find((c) => c.id === id)?.poolName).toBeNull();
  });

  it('changes roles, but never to SuperAdmin and never its own', async () => {
    const id = await idOf(ctx.handle.db, 'user2@example.com');
    expect(
      (await call('POST', '/api/User/update-roles', admin, { userId: id, roles: ['User', 'Auditor'] })).statusCode,
    ).toBe(200);
    expect((await children(admin)).find((c) => c.id === id)?.roles).toEqual(['User', 'Auditor']);
    expect(
      (await call('POST', '/api/User/update-roles', admin, { userId: id, roles: ['SuperAdmin'] })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/User/update-roles', admin, { userId: id, roles: [] })).json().errors[0].message,
    ).toBe('Choose at least one role.');
    const self = await call('POST', '/api/User/update-roles', admin, {
      userId: await idOf(ctx.handle.db, 'admin@example.com'),
      roles: ['User'],
    });
    expect(self.statusCode).toBe(403);
    await call('POST', '/api/User/update-roles', admin, { userId: id, roles: ['User'] });
  });

  it('deactivates a child: its session ends at once and it cannot sign in; activation restores it', async () => {
    const id = await idOf(ctx.handle.db, 'user2@example.com');
    const childToken = await ctx.login('user2@example.com');
    expect(
      (await call('POST', '/api/User/toggle-child-status', admin, { childId: id, active: false })).json().message,
    ).toBe('User deactivated.');
    expect((await call('GET', '/api/User/me', childToken)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user2@example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    await call('POST', '/api/User/toggle-child-status', admin, { childId: id, active: true });
    await ctx.login('user2@example.com');
  });

  it('resets a password: typed (policy checked) or generated and mailed', async () => {
    const id = await idOf(ctx.handle.db, 'user2@example.com');
    const weak = await call('POST', '/api/User/set-child-password', admin, {
      childId: id,
      newPassword: 'short',
      forcePasswordChangeOnLogin: false,
    });
    expect(weak.statusCode).toBe(400);
    const manual = await call('POST', '/api/User/set-child-password', admin, {
      childId: id,
      newPassword: 'typed by the admin 7',
      forcePasswordChangeOnLogin: true,
    });
    expect(manual.statusCode).toBe(200);
    const forced = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user2@example.com', password: 'typed by the admin 7' },
    });
    expect(forced.json().data.requirePasswordChange).toBe(true);
    const generated = await call('POST', '/api/User/set-child-password', admin, {
      childId: id,
      generateSystemPassword: true,
      forcePasswordChangeOnLogin: false,
    });
    expect(generated.json().message).toBe('A new password has been emailed to user2@example.com.');
    const mail = await ctx.mail.waitFor('user2@example.com', /sign-in details/i);
    const password = /One-time password: (\S+)/.exec(mail.text)?.[1] ?? '';
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user2@example.com', password },
    });
    expect(login.json().data.requirePasswordChange).toBe(true);
  });

  it('refuses a typed password for a user with 2FA: only a mailed system password keeps 2FA meaningful', async () => {
    const id = await idOf(ctx.handle.db, 'secure@example.com');
    const typed = await call('POST', '/api/User/set-child-password', admin, {
      childId: id,
      newPassword: 'typed by the admin 7',
      forcePasswordChangeOnLogin: true,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toMatch(/two-factor/);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'secure@example.com', password: 'typed by the admin 7' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('transfers an account to a new email and name: the new owner confirms and signs in', async () => {
    const id = await idOf(ctx.handle.db, 'user@example.com');
    const missing = await call('PUT', '/api/User/update-email', admin, {
      userId: id,
      newEmail: '',
      newAccountName: '',
    });
    expect(missing.statusCode).toBe(400);
    const taken = await call('PUT', '/api/User/update-email', admin, {
      userId: id,
      newEmail: 'auditor@example.com',
      newAccountName: 'X',
    });
    expect(taken.statusCode).toBe(409);
    const res = await call('PUT', '/api/User/update-email', admin, {
      userId: id,
      newEmail: 'new.owner@example.com',
      newAccountName: 'New Owner',
    });
    expect(res.statusCode).toBe(200);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user@example.com', password: DEMO_PASSWORD },
    });
    expect(old.statusCode).toBe(400);
    const confirm = await ctx.mail.waitFor('new.owner@example.com', /confirm your email/i);
    const link = new URL(/(http\S+confirm-email\S+)/.exec(confirm.text)?.[1] ?? '');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/User/confirm-email',
      payload: { token: link.searchParams.get('token') },
    });
    const details = await ctx.mail.waitFor('new.owner@example.com', /sign-in details/i);
    const password = /One-time password: (\S+)/.exec(details.text)?.[1] ?? '';
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'new.owner@example.com', password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('transfer and old links', () => {
  it('voids the confirmation link mailed to the previous address', async () => {
    const created = await call('POST', '/api/User/create-child-account', admin, {
      name: 'Old Owner',
      email: 'old.owner@example.com',
    });
    const oldMail = await ctx.mail.waitFor('old.owner@example.com', /confirm your email/i);
    const oldLink = new URL(/(http\S+confirm-email\S+)/.exec(oldMail.text)?.[1] ?? '');
    await call('PUT', '/api/User/update-email', admin, {
      userId: created.json().data.id,
      newEmail: 'next.owner@example.com',
      newAccountName: 'Next Owner',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/confirm-email',
      payload: { token: oldLink.searchParams.get('token') },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the SuperAdmin accounts list', () => {
  it('holds every account of every organisation with roles and status', async () => {
    const res = await call('GET', '/api/User/accounts', superAdmin);
    const emails = res.json().data.map((a: { email: string }) => a.email);
    expect(emails).toEqual(
      expect.arrayContaining(['superadmin@example.com', 'admin@example.com', 'other.user@example.com']),
    );
    expect((await call('GET', '/api/User/accounts', admin)).statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("refuses another organisation's ids in every id-bearing field, changing nothing", async () => {
    const before = await snapshot(ctx.handle.db);
    const attempts: [string, 'POST' | 'PUT' | 'GET', string, object?][] = [
      ['childId (status)', 'POST', '/api/User/toggle-child-status', { childId: other.user, active: false }],
      [
        'childId (password)',
        'POST',
        '/api/User/set-child-password',
        { childId: other.user, generateSystemPassword: true },
      ],
      ['userId (pool)', 'POST', '/api/User/update-pool', { userId: other.user, licensePoolId: null }],
      ['userId (roles)', 'POST', '/api/User/update-roles', { userId: other.user, roles: ['Admin'] }],
      [
        'userId (transfer)',
        'PUT',
        '/api/User/update-email',
        { userId: other.user, newEmail: 'stolen@example.com', newAccountName: 'Stolen' },
      ],
      [
        'licensePoolId (create)',
        'POST',
        '/api/User/create-child-account',
        { name: 'Spy', email: 'spy@example.com', licensePoolId: other.pool },
      ],
      [
        'licensePoolId (assign)',
        'POST',
        '/api/User/update-pool',
        { userId: await idOf(ctx.handle.db, 'user2@example.com'), licensePoolId: other.pool },
      ],
      ['poolId (users)', 'GET', `/api/LicensePool/${other.pool}/users`],
      [
        'poolId (manage)',
        'POST',
        '/api/LicensePool/manage-accounts',
        { poolId: other.pool, addUserIds: [], removeUserIds: [other.user] },
      ],
      [
        'addUserIds',
        'POST',
        '/api/LicensePool/manage-accounts',
        { poolId: adminPool, addUserIds: [other.user], allowPartialAssignment: true },
      ],
      [
        'removeUserIds',
        'POST',
        '/api/LicensePool/manage-accounts',
        { poolId: adminPool, removeUserIds: [other.user], allowPartialAssignment: true },
      ],
    ];
    for (const [field, method, url, payload] of attempts) {
      const res = await call(method, url, admin, payload);
      expect(res.statusCode, field).toBe(404);
    }
    expect(await snapshot(ctx.handle.db)).toBe(before);
  });
});
