import { describe, expect, it } from 'vitest';
import { idOf } from '../../../test/fixtures';
import { DEMO_PASSWORD } from '../../../test/helper';
import { useAccountsWorld } from '../../../test/accounts-world';

const world = useAccountsWorld();
const { call } = world;

describe('transferring an account', () => {
  it('transfers an account to a new email and name: the new owner confirms and signs in', async () => {
    const id = await idOf(world.ctx.handle.db, 'user@example.com');
    const missing = await call('PUT', '/api/User/update-email', world.admin, {
      userId: id,
      newEmail: '',
      newAccountName: '',
    });
    expect(missing.statusCode).toBe(400);
    const taken = await call('PUT', '/api/User/update-email', world.admin, {
      userId: id,
      newEmail: 'auditor@example.com',
      newAccountName: 'X',
    });
    expect(taken.statusCode).toBe(409);
    const res = await call('PUT', '/api/User/update-email', world.admin, {
      userId: id,
      newEmail: 'new.owner@example.com',
      newAccountName: 'New Owner',
    });
    expect(res.statusCode).toBe(200);
    const old = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user@example.com', password: DEMO_PASSWORD },
    });
    expect(old.statusCode).toBe(400);
    const confirm = await world.ctx.mail.waitFor('new.owner@example.com', /confirm your email/i);
    const link = new URL(/(http\S+confirm-email\S+)/.exec(confirm.text)?.[1] ?? '');
    await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/confirm-email',
      payload: { token: link.searchParams.get('token') },
    });
    const details = await world.ctx.mail.waitFor('new.owner@example.com', /sign-in details/i);
    const password = /One-time password: (\S+)/.exec(details.text)?.[1] ?? '';
    const login = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'new.owner@example.com', password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('transfer and old links', () => {
  it('voids the confirmation link mailed to the previous address', async () => {
    const created = await call('POST', '/api/User/create-child-account', world.admin, {
      name: 'Old Owner',
      email: 'old.owner@example.com',
    });
    const oldMail = await world.ctx.mail.waitFor('old.owner@example.com', /confirm your email/i);
    const oldLink = new URL(/(http\S+confirm-email\S+)/.exec(oldMail.text)?.[1] ?? '');
    await call('PUT', '/api/User/update-email', world.admin, {
      userId: created.json().data.id,
      newEmail: 'next.owner@example.com',
      newAccountName: 'Next Owner',
    });
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/User/confirm-email',
      payload: { token: oldLink.searchParams.get('token') },
    });
    expect(res.statusCode).toBe(400);
  });
});
