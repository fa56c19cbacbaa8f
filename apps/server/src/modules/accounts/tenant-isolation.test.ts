import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, snapshot } from '../../../test/fixtures';
import { accountsWorld, type AccountsWorld, caller } from './accounts-world';

let ctx: AccountsWorld['ctx'];
let admin: string;
let adminPool: string;
let other: AccountsWorld['other'];

beforeAll(async () => {
  ({ ctx, admin, adminPool, other } = await accountsWorld());
});
afterAll(() => ctx.close());

const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(ctx)(...args);

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
