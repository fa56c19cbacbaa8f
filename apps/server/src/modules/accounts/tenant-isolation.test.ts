import { describe, expect, it } from 'vitest';
import { idOf, snapshot } from '../../../test/fixtures';
import { useAccountsWorld } from '../../../test/accounts-world';

const world = useAccountsWorld();
const { call } = world;

describe('tenant isolation', () => {
  it("refuses another organisation's ids in every id-bearing field, changing nothing", async () => {
    const before = await snapshot(world.ctx.handle.db);
    const attempts: [string, 'POST' | 'PUT' | 'GET', string, object?][] = [
      ['childId (status)', 'POST', '/api/User/toggle-child-status', { childId: world.other.user, active: false }],
      [
        'childId (password)',
        'POST',
        '/api/User/set-child-password',
        { childId: world.other.user, generateSystemPassword: true },
      ],
      ['userId (pool)', 'POST', '/api/User/update-pool', { userId: world.other.user, licensePoolId: null }],
      ['userId (roles)', 'POST', '/api/User/update-roles', { userId: world.other.user, roles: ['Admin'] }],
      [
        'userId (transfer)',
        'PUT',
        '/api/User/update-email',
        { userId: world.other.user, newEmail: 'stolen@example.com', newAccountName: 'Stolen' },
      ],
      [
        'licensePoolId (create)',
        'POST',
        '/api/User/create-child-account',
        { name: 'Spy', email: 'spy@example.com', licensePoolId: world.other.pool },
      ],
      [
        'licensePoolId (assign)',
        'POST',
        '/api/User/update-pool',
        { userId: await idOf(world.ctx.handle.db, 'user2@example.com'), licensePoolId: world.other.pool },
      ],
      ['poolId (users)', 'GET', `/api/LicensePool/${world.other.pool}/users`],
      [
        'poolId (manage)',
        'POST',
        '/api/LicensePool/manage-accounts',
        { poolId: world.other.pool, addUserIds: [], removeUserIds: [world.other.user] },
      ],
      [
        'addUserIds',
        'POST',
        '/api/LicensePool/manage-accounts',
        { poolId: world.adminPool, addUserIds: [world.other.user], allowPartialAssignment: true },
      ],
      [
        'removeUserIds',
        'POST',
        '/api/LicensePool/manage-accounts',
        { poolId: world.adminPool, removeUserIds: [world.other.user], allowPartialAssignment: true },
      ],
    ];
    for (const [field, method, url, payload] of attempts) {
      const res = await call(method, url, world.admin, payload);
      expect(res.statusCode, field).toBe(404);
    }
    expect(await snapshot(world.ctx.handle.db)).toBe(before);
  });
});
