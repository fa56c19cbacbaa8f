import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'a brand new passphrase 42';
const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) });

describe('GET /api/User/password-requirements', () => {
  it('serves the default policy: 12 to 128, no composition rules', async () => {
    const res = await ctx.app.inject('/api/User/password-requirements');
    expect(res.json()).toEqual({
      success: true,
      data: {
        requirements: {
          minLength: 12,
          maxLength: 128,
          requireUppercase: false,
          requireLowercase: false,
          requireDigit: false,
          requireSpecialChar: false,
        },
      },
    });
  });
});

describe('POST /api/User/change-password (settings)', () => {
  it('checks every field with the spec messages', async () => {
    const token = await ctx.login('user2@example.com');
    const empty = await post('/api/User/change-password', {}, token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'oldPassword', message: 'Old password is required' },
      { field: 'newPassword', message: 'New password is required' },
      { field: 'confirmPassword', message: 'Confirm password is required' },
    ]);
    const mismatch = await post(
      '/api/User/change-password',
      { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'other' },
      token,
    );
    expect(mismatch.json().errors).toEqual([{ field: 'confirmPassword', message: "Passwords don't match" }]);
  });

  it('refuses a wrong old password, a short one and a common one, changing nothing', async () => {
    const token = await ctx.login('user2@example.com');
    const wrongOld = await post(
      '/api/User/change-password',
      { oldPassword: 'not-my-password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      token,
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors).toEqual([{ field: 'oldPassword', message: 'The old password is not correct.' }]);
    const short = await post(
      '/api/User/change-password',
      { oldPassword: DEMO_PASSWORD, newPassword: 'xq7-zv', confirmPassword: 'xq7-zv' },
      token,
    );
    expect(short.json().errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 12 characters long' },
    ]);
    const common = await post(
      '/api/User/change-password',
      { oldPassword: DEMO_PASSWORD, newPassword: 'qwerty123456', confirmPassword: 'qwerty123456' },
      token,
    );
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
    expect((await me(token)).statusCode).toBe(200);
    await ctx.login('user2@example.com');
  });

  it('changes the password, answers a new token and ends every other session', async () => {
    const current = await ctx.login('auditor@example.com');
    const other = await ctx.login('auditor@example.com');
    const res = await post(
      '/api/User/change-password',
      { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      current,
    );
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token;
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(401);
    expect((await post('/api/User/login', { email: 'auditor@example.com', password: DEMO_PASSWORD })).statusCode).toBe(
      400,
    );
    await ctx.login('auditor@example.com', NEW_PASSWORD);
  });
});

describe('every spec policy message, when its flag is on', () => {
  it('lists each broken rule', async () => {
    const strict = await (
      await import('../../../test/helper')
    ).createTestContext({
      PASSWORD_MIN_LENGTH: '14',
      PASSWORD_MAX_LENGTH: '20',
      PASSWORD_REQUIRE_UPPERCASE: 'true',
      PASSWORD_REQUIRE_LOWERCASE: 'true',
      PASSWORD_REQUIRE_DIGIT: 'true',
      PASSWORD_REQUIRE_SPECIAL: 'true',
    });
    try {
      const token = await strict.login('user@example.com');
      const change = (pw: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/User/change-password',
          headers: bearer(token),
          payload: { oldPassword: DEMO_PASSWORD, newPassword: pw, confirmPassword: pw },
        });
      expect((await change('ab')).json().errors.map((e: { message: string }) => e.message)).toEqual([
        'Password must be at least 14 characters long',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one digit',
        'Password must contain at least one special character',
      ]);
      expect(
        (await change('ABCDEFGHIJKLMNOPQRSTUVWXYZ')).json().errors.map((e: { message: string }) => e.message),
      ).toEqual([
        'Password must be no more than 20 characters long',
        'Password must contain at least one lowercase letter',
        'Password must contain at least one digit',
        'Password must contain at least one special character',
      ]);
      expect((await change('Good-Passw0rd-here')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('the forced change at first sign-in', () => {
  it('opens only change-password, keeps the typed password as old, then signs in fully', async () => {
    await ctx.handle.db
      .update(accounts)
      .set({ mustChangePassword: true })
      .where(eq(accounts.email, 'user@example.com'));
    const login = await post('/api/User/login', { email: 'user@example.com', password: DEMO_PASSWORD });
    const pending = login.json().data;
    expect(pending.requirePasswordChange).toBe(true);
    expect((await me(pending.token)).statusCode).toBe(401);
    const res = await post(
      '/api/User/change-password',
      { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      pending.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().data.token)).statusCode).toBe(200);
    const again = await post('/api/User/login', { email: 'user@example.com', password: NEW_PASSWORD });
    expect(again.json().data.requirePasswordChange).toBe(false);
  });
});

describe('forgot and reset', () => {
  const forgot = (email: string) => post('/api/User/forgot-password', { email });
  async function resetLink(email: string): Promise<URL> {
    const mail = await ctx.mail.waitFor(email, /reset your password/i);
    const href = /(http\S+reset-password\S+)/.exec(mail.text)?.[1];
    if (!href) throw new Error('no link');
    ctx.mail.messages.splice(ctx.mail.messages.indexOf(mail), 1);
    return new URL(href);
  }
  const reset = (link: URL, newPassword = NEW_PASSWORD) =>
    post('/api/User/reset-password', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      newPassword,
      confirmPassword: newPassword,
    });

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const known = await forgot('admin@example.com');
    const unknown = await forgot('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const link = await resetLink('admin@example.com');
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe('admin@example.com');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.mail.messages.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
  });

  it('resets once, ends every session, and the new password signs in', async () => {
    ctx.clock.advanceMinutes(61);
    const session = await ctx.login('admin@example.com');
    await forgot('admin@example.com');
    const link = await resetLink('admin@example.com');
    const mismatch = await post('/api/User/reset-password', {
      token: link.searchParams.get('token'),
      email: 'admin@example.com',
      newPassword: NEW_PASSWORD,
      confirmPassword: 'x',
    });
    expect(mismatch.json().errors).toEqual([{ field: 'confirmPassword', message: "Passwords don't match" }]);
    expect((await reset(link)).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    const again = await reset(link);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
    await ctx.login('admin@example.com', NEW_PASSWORD);
  });

  it('voids an older link when a newer one is sent, and expires links after 60 minutes', async () => {
    ctx.clock.advanceMinutes(61);
    await forgot('user2@example.com');
    const older = await resetLink('user2@example.com');
    await forgot('user2@example.com');
    const newer = await resetLink('user2@example.com');
    expect((await reset(older)).statusCode).toBe(400);
    ctx.clock.advanceMinutes(61);
    expect((await reset(newer)).statusCode).toBe(400);
  });

  it('accepts exactly one of 20 parallel uses of one link', async () => {
    ctx.clock.advanceMinutes(61);
    await forgot('user2@example.com');
    const link = await resetLink('user2@example.com');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(link, `parallel passphrase ${i} x`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('limits forgot-password to 5 an hour per email, whatever its case and spaces', async () => {
    ctx.clock.advanceMinutes(61);
    const variants = [
      'auditor@example.com',
      'AUDITOR@example.com',
      ' auditor@Example.com ',
      'auditor@example.COM',
      'Auditor@example.com',
    ];
    for (const email of variants) expect((await forgot(email)).statusCode).toBe(200);
    const sixth = await ctx.app.inject({
      method: 'POST',
      url: '/API/user/FORGOT-PASSWORD',
      payload: { email: 'AuDiToR@example.com' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in rate limits', () => {
  it('locks an email after 10 failures in 15 minutes, whatever its spelling, even with the right password', async () => {
    ctx.clock.advanceMinutes(61);
    const spellings = ['user2@example.com', 'USER2@example.com', ' user2@example.com'];
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/User/login', { email: spellings[i % 3], password: 'wrong password here' });
      expect(res.statusCode).toBe(400);
    }
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/USER/Login',
      payload: { email: 'User2@Example.com', password: 'parallel passphrase 0 x' },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advanceMinutes(16);
    expect(
      (await post('/api/User/login', { email: 'user2@example.com', password: 'wrong password here' })).statusCode,
    ).toBe(400);
  });

  it('lets at most 10 of a parallel burst of guesses be checked', async () => {
    ctx.clock.advanceMinutes(61);
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/User/login',
          remoteAddress: '198.51.100.7',
          payload: { email: 'secure@example.com', password: 'guess guess guess' },
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('allows 30 attempts a minute from one address', async () => {
    ctx.clock.advanceMinutes(61);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/User/login',
        remoteAddress: '203.0.113.9',
        payload: { email: `nobody${i}@example.com`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('logs of the password flows', () => {
  it('hold one audit line per event and no password or token', async () => {
    const all = ctx.logs.join('\n');
    for (const event of ['auth.password.change', 'auth.password.forgot', 'auth.password.reset', 'auth.login']) {
      expect(all).toContain(`"event":"${event}"`);
    }
    expect(all).not.toContain(NEW_PASSWORD);
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toMatch(/reset-password\?token=/);
  });
});
