import { describe, expect, it } from 'vitest';
import { snapshot } from '../../../test/fixtures';
import { useAccountsWorld } from '../../../test/accounts-world';

const world = useAccountsWorld();
const { call, children } = world;

describe('POST /api/User/create-child-account', () => {
  it('creates a child in a pool, mails it, and lists it', async () => {
    const res = await call('POST', '/api/User/create-child-account', world.admin, {
      name: 'Nia New',
      email: 'nia@example.com',
      roles: 'User',
      licensePoolId: world.adminPool,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Child account created successfully',
      data: { id: expect.any(String), name: 'Nia New' },
    });
    const row = (await children(world.admin)).find((c) => c.email === 'nia@example.com');
    expect(row).toMatchObject({ poolName: 'Sales', active: true, roles: ['User'] });
    await world.ctx.mail.waitFor('nia@example.com', /confirm your email/i);
  });

  it('defaults to the User role and Individual', async () => {
    await call('POST', '/api/User/create-child-account', world.admin, { name: 'Ivy', email: 'ivy@example.com' });
    expect((await children(world.admin)).find((c) => c.email === 'ivy@example.com')).toMatchObject({
      poolName: null,
      roles: ['User'],
    });
  });

  it("answers the product's messages and a clear 409 for a taken email, creating nothing", async () => {
    const before = await snapshot(world.ctx.handle.db);
    const invalid = await call('POST', '/api/User/create-child-account', world.admin, { name: '', email: 'nope' });
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Invalid email address' },
    ]);
    const superRole = await call('POST', '/api/User/create-child-account', world.admin, {
      name: 'X',
      email: 'x@example.com',
      roles: 'SuperAdmin',
    });
    expect(superRole.statusCode).toBe(400);
    const taken = await call('POST', '/api/User/create-child-account', world.admin, {
      name: 'Dup',
      email: ' USER@example.com ',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists.');
    expect(await snapshot(world.ctx.handle.db)).toBe(before);
  });
});
