import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptEula, idOf } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { INVALID_CREDENTIALS, PASSWORD_EXPIRED } from '../sessions';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['admin@example.com']);
});
afterAll(() => ctx.close());

const OWN_PASSWORD = 'my very own passphrase 31';
const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const login = (email: string, password: string) => post('/api/User/login', { email, password });

async function adminSets(email: string, body: object): Promise<void> {
  const admin = await ctx.login('admin@example.com');
  const childId = await idOf(ctx.handle.db, email);
  const res = await post('/api/User/set-child-password', { childId, ...body }, admin);
  expect(res.statusCode).toBe(200);
}

async function mailedPassword(email: string, after: number): Promise<string> {
  for (;;) {
    const mail = await ctx.mail.waitFor(email, /sign-in details/i);
    const index = ctx.mail.messages.indexOf(mail);
    ctx.mail.messages.splice(index, 1);
    if (index >= after) return /One-time password: (\S+)/.exec(mail.text)?.[1] ?? '';
  }
}

describe('a password someone else set', () => {
  it('must be changed at first sign-in even when the admin unticked forcePasswordChangeOnLogin', async () => {
    await adminSets('user@example.com', { newPassword: 'typed by the admin 77', forcePasswordChangeOnLogin: false });
    const res = await login('user@example.com', 'typed by the admin 77');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.requirePasswordChange).toBe(true);
  });

  it('stops working 72 hours after it was set, with a clear answer only for the right password', async () => {
    ctx.clock.advanceMinutes(60);
    await adminSets('user@example.com', { newPassword: 'typed by the admin 78', forcePasswordChangeOnLogin: false });
    ctx.clock.advanceMinutes(72 * 60 - 1);
    expect((await login('user@example.com', 'typed by the admin 78')).json().data.requirePasswordChange).toBe(true);
    ctx.clock.advanceMinutes(1);
    const expired = await login('user@example.com', 'typed by the admin 78');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PASSWORD_EXPIRED);
    const wrong = await login('user@example.com', 'not the password at all');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(INVALID_CREDENTIALS);
  });

  it('counts a sign-in with an expired password as a failure, so it cannot lift a lockout', async () => {
    ctx.clock.advanceMinutes(60);
    for (let i = 0; i < 10; i += 1) {
      const res = await login('user@example.com', 'typed by the admin 78');
      expect(res.json().message).toBe(PASSWORD_EXPIRED);
    }
    expect((await login('user@example.com', 'typed by the admin 78')).statusCode).toBe(429);
  });

  it('expires a generated, mailed password the same way', async () => {
    ctx.clock.advanceMinutes(60);
    const before = ctx.mail.messages.length;
    await adminSets('user2@example.com', { generateSystemPassword: true, forcePasswordChangeOnLogin: false });
    const password = await mailedPassword('user2@example.com', before);
    ctx.clock.advanceMinutes(72 * 60);
    expect((await login('user2@example.com', password)).json().message).toBe(PASSWORD_EXPIRED);
  });

  it('lasts once the owner replaced it at the forced change', async () => {
    ctx.clock.advanceMinutes(60);
    const before = ctx.mail.messages.length;
    await adminSets('user2@example.com', { generateSystemPassword: true });
    const password = await mailedPassword('user2@example.com', before);
    const pending = (await login('user2@example.com', password)).json().data.token;
    const changed = await post(
      '/api/User/change-password',
      { oldPassword: password, newPassword: OWN_PASSWORD, confirmPassword: OWN_PASSWORD },
      pending,
    );
    expect(changed.statusCode).toBe(200);
    ctx.clock.advanceMinutes(100 * 60);
    const res = await login('user2@example.com', OWN_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.requirePasswordChange).toBe(false);
  });
});
