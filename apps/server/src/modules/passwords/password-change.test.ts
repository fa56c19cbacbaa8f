import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { WEAK_PASSWORD_MESSAGE } from '@portal/contracts/password-policy';
import { userRequests } from '../../../test/fixtures';
import { bearer, DEMO_PASSWORD, useTestContext } from '../../../test/helper';
import { DEFAULT_PASSWORD_REQUIREMENTS, NEW_PASSWORD } from '../../../test/password-fixtures';

const ctx = useTestContext();
const { post, me } = userRequests(ctx);

describe('GET /api/User/password-requirements', () => {
  it('serves the default policy: 12 to 128, no composition rules', async () => {
    const res = await ctx.app.inject('/api/User/password-requirements');
    expect(res.json()).toEqual({
      success: true,
      data: {
        requirements: DEFAULT_PASSWORD_REQUIREMENTS,
      },
    });
  });
});

describe('POST /api/User/change-password (settings)', () => {
  it("checks every field with the product's messages", async () => {
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

describe('every policy message, when its flag is on', () => {
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

describe('guessing the old password with a stolen session', () => {
  it('counts wrong old passwords as sign-in failures: past the limit it answers 429 and ends the session', async () => {
    ctx.clock.advanceMinutes(61);
    const token = await ctx.login('superadmin@example.com');
    const attempt = (oldPassword: string) =>
      post(
        '/api/User/change-password',
        { oldPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        token,
      );
    for (let i = 0; i < 10; i += 1) expect((await attempt(`guess number ${i} here`)).statusCode).toBe(400);
    const refused = await attempt(DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(token)).statusCode).toBe(401);
    // The same window as sign-in: the account is locked there too until it passes.
    expect(
      (await post('/api/User/login', { email: 'superadmin@example.com', password: DEMO_PASSWORD })).statusCode,
    ).toBe(429);
    ctx.clock.advanceMinutes(16);
    await ctx.login('superadmin@example.com');
  });
});

describe('the strength check', () => {
  it("refuses repetitions, sequences and the account's own email with its own message", async () => {
    ctx.clock.advanceMinutes(61);
    const token = await ctx.login('user2@example.com');
    for (const weak of ['aaaaaaaaaaaa', '123123123123', 'abcdefghijkl', 'user2@example.com!']) {
      const res = await post(
        '/api/User/change-password',
        { oldPassword: DEMO_PASSWORD, newPassword: weak, confirmPassword: weak },
        token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'newPassword', message: WEAK_PASSWORD_MESSAGE }]);
    }
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('logs of the password change', () => {
  it('hold one audit line per event and no password', async () => {
    const all = ctx.logs.join('\n');
    for (const event of ['auth.password.change', 'auth.login']) expect(all).toContain(`"event":"${event}"`);
    expect(all).not.toContain(NEW_PASSWORD);
    expect(all).not.toContain(DEMO_PASSWORD);
  });
});
