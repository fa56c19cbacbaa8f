import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/User/login', payload: payload as object });
const me = (token?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: token ? bearer(token) : {} });

describe('POST /api/User/login', () => {
  it('signs in with the right password, whatever the email case and spaces', async () => {
    const res = await login({ email: '  ADMIN@Example.com ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ requirePasswordChange: false, requireTwoFactor: false, twoFactorToken: null });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await login({ email: 'admin@example.com', password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Invalid email or password.',
      requestId: expect.any(String),
    });
    // The same answer but for the request's own id.
    expect({ ...unknown.json(), requestId: 'x' }).toEqual({ ...wrong.json(), requestId: 'x' });
  });

  it("refuses invalid input with the product's messages on each field", async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errors: [
        { field: 'email', message: 'Invalid email address' },
        { field: 'password', message: 'Please enter your password' },
      ],
    });
    const empty = await login({});
    expect(empty.json().errors).toEqual([
      { field: 'email', message: 'Please enter your email' },
      { field: 'password', message: 'Please enter your password' },
    ]);
  });

  it('refuses an inactive account even with the right password, and ends its sessions at once', async () => {
    const token = await ctx.login('user2@example.com');
    expect((await me(token)).statusCode).toBe(200);
    await ctx.handle.db.update(accounts).set({ active: false }).where(eq(accounts.email, 'user2@example.com'));
    await ctx.heard();
    expect((await me(token)).statusCode).toBe(401);
    const res = await login({ email: 'user2@example.com', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/inactive/);
    await ctx.handle.db.update(accounts).set({ active: true }).where(eq(accounts.email, 'user2@example.com'));
  });

  it('opens only the password-change call for an account that must change its password', async () => {
    await ctx.handle.db
      .update(accounts)
      .set({ mustChangePassword: true })
      .where(eq(accounts.email, 'user@example.com'));
    const res = await login({ email: 'user@example.com', password: DEMO_PASSWORD });
    expect(res.json().data.requirePasswordChange).toBe(true);
    expect((await me(res.json().data.token)).statusCode).toBe(401);
    await ctx.handle.db
      .update(accounts)
      .set({ mustChangePassword: false })
      .where(eq(accounts.email, 'user@example.com'));
  });
});

describe('GET /api/User/me', () => {
  it('returns the signed-in account under data', async () => {
    const token = await ctx.login('auditor@example.com');
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Avery Auditor',
        email: 'auditor@example.com',
        lastLogin: ctx.clock.now().toISOString(),
        roles: ['Auditor'],
        isEULAAccepted: false,
        timeZone: null,
        locale: null,
      },
    });
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('reports the previous sign-in as Last Login', async () => {
    await ctx.login('user2@example.com');
    const first = ctx.clock.now().toISOString();
    ctx.clock.advanceMinutes(5);
    const token = await ctx.login('user2@example.com');
    expect((await me(token)).json().data.lastLogin).toBe(first);
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('ends a session after 30 minutes idle, and keeps an active one alive', async () => {
    const idle = await ctx.login('admin@example.com');
    const busy = await ctx.login('admin@example.com');
    for (let i = 0; i < 3; i += 1) {
      ctx.clock.advanceMinutes(20);
      expect((await me(busy)).statusCode).toBe(200);
    }
    expect((await me(idle)).statusCode).toBe(401);
  });

  it('ends every session 12 hours after sign-in, however active', async () => {
    const token = await ctx.login('admin@example.com');
    for (let i = 0; i < 24; i += 1) {
      ctx.clock.advanceMinutes(29);
      expect((await me(token)).statusCode).toBe(200);
    }
    ctx.clock.advanceMinutes(29);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /api/User/logout', () => {
  it('revokes the session on the server', async () => {
    const token = await ctx.login('admin@example.com');
    const other = await ctx.login('admin@example.com');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/User/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain a password or a token', async () => {
    const token = await ctx.login('admin@example.com');
    await me(token);
    await login({ email: 'admin@example.com', password: 'wrong-password-here' });
    const all = ctx.logs.join('\n');
    expect(all).toContain('"event":"auth.login"');
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toContain('wrong-password-here');
    expect(all).not.toContain(token);
  });
});
