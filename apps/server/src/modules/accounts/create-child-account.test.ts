import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot } from '../../../test/fixtures';
import { accountsWorld, type AccountsWorld, caller, type ChildRow } from './accounts-world';

let ctx: AccountsWorld['ctx'];
let admin: string;
let adminPool: string;

beforeAll(async () => {
  ({ ctx, admin, adminPool } = await accountsWorld());
});
afterAll(() => ctx.close());

const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(ctx)(...args);
const children = async (token: string) =>
  (await call('GET', '/api/User/child-accounts', token)).json().data as ChildRow[];

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

  it('answers the product's messages and a clear 409 for a taken email, creating nothing', async () => {
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
