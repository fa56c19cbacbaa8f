import { describe, expect, it } from 'vitest';
import { idOf } from '../../../test/fixtures';
import { DEMO_PASSWORD } from '../../../test/helper';
import { useAccountsWorld } from '../../../test/accounts-world';

const world = useAccountsWorld();
const { call, children } = world;

describe('editing a child', () => {
  it('assigns a pool and back to Individual', async () => {
    const id = await idOf(world.ctx.handle.db, 'user2@example.com');
    expect(
      (await call('POST', '/api/User/update-pool', world.admin, { userId: id, licensePoolId: world.adminPool }))
        .statusCode,
    ).toBe(200);
    expect((await children(world.admin)).find((c) => c.id === id)?.poolName).toBe('Sales');
    expect(
      (await call('POST', '/api/User/update-pool', world.admin, { userId: id, licensePoolId: null })).statusCode,
    ).toBe(200);
    expect((await children(world.admin)).find((c) => c.id === id)?.poolName).toBeNull();
  });

  it('changes roles, but never to SuperAdmin and never its own', async () => {
    const id = await idOf(world.ctx.handle.db, 'user2@example.com');
    expect(
      (await call('POST', '/api/User/update-roles', world.admin, { userId: id, roles: ['User', 'Auditor'] }))
        .statusCode,
    ).toBe(200);
    expect((await children(world.admin)).find((c) => c.id === id)?.roles).toEqual(['User', 'Auditor']);
    expect(
      (await call('POST', '/api/User/update-roles', world.admin, { userId: id, roles: ['SuperAdmin'] })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/User/update-roles', world.admin, { userId: id, roles: [] })).json().errors[0].message,
    ).toBe('Choose at least one role.');
    const self = await call('POST', '/api/User/update-roles', world.admin, {
      userId: await idOf(world.ctx.handle.db, 'admin@example.com'),
      roles: ['User'],
    });
    expect(self.statusCode).toBe(403);
    await call('POST', '/api/User/update-roles', world.admin, { userId: id, roles: ['User'] });
  });

  it('deactivates a child: its session ends at once and it cannot sign in; activation restores it', async () => {
    const id = await idOf(world.ctx.handle.db, 'user2@example.com');
    const childToken = await world.ctx.login('user2@example.com');
    expect(
      (await call('POST', '/api/User/toggle-child-status', world.admin, { childId: id, active: false })).json().message,
    ).toBe('User deactivated.');
    expect((await call('GET', '/api/User/me', childToken)).statusCode).toBe(401);
    const login = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user2@example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    await call('POST', '/api/User/toggle-child-status', world.admin, { childId: id, active: true });
    await world.ctx.login('user2@example.com');
  });

  it('resets a password: typed (policy checked) or generated and mailed', async () => {
    const id = await idOf(world.ctx.handle.db, 'user2@example.com');
    const weak = await call('POST', '/api/User/set-child-password', world.admin, {
      childId: id,
      newPassword: 'short',
      forcePasswordChangeOnLogin: false,
    });
    expect(weak.statusCode).toBe(400);
    const manual = await call('POST', '/api/User/set-child-password', world.admin, {
      childId: id,
      newPassword: 'typed by the world.admin 7',
      forcePasswordChangeOnLogin: true,
    });
    expect(manual.statusCode).toBe(200);
    const forced = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user2@example.com', password: 'typed by the world.admin 7' },
    });
    expect(forced.json().data.requirePasswordChange).toBe(true);
    const generated = await call('POST', '/api/User/set-child-password', world.admin, {
      childId: id,
      generateSystemPassword: true,
      forcePasswordChangeOnLogin: false,
    });
    expect(generated.json().message).toBe('A new password has been emailed to user2@example.com.');
    const mail = await world.ctx.mail.waitFor('user2@example.com', /sign-in details/i);
    const password = /One-time password: (\S+)/.exec(mail.text)?.[1] ?? '';
    const login = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user2@example.com', password },
    });
    expect(login.json().data.requirePasswordChange).toBe(true);
  });

  it('refuses a typed password for a user with 2FA: only a mailed system password keeps 2FA meaningful', async () => {
    const id = await idOf(world.ctx.handle.db, 'secure@example.com');
    const typed = await call('POST', '/api/User/set-child-password', world.admin, {
      childId: id,
      newPassword: 'typed by the world.admin 7',
      forcePasswordChangeOnLogin: true,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toMatch(/two-factor/);
    const login = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'secure@example.com', password: 'typed by the world.admin 7' },
    });
    expect(login.statusCode).toBe(400);
  });
});
