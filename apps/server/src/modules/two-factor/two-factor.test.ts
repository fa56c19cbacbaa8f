import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const EMAIL = 'secure@example.com';

async function startSignIn(email = EMAIL): Promise<{ token: string; code: string }> {
  const before = ctx.mail.messages.length;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/User/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data).toMatchObject({ requireTwoFactor: true, requirePasswordChange: false });
  expect(data.twoFactorToken).toBe(data.token);
  const mail = await waitForNewCode(before, email);
  return { token: data.token, code: mail };
}

async function waitForNewCode(after: number, email = EMAIL): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = ctx.mail.messages.slice(after).find((m) => m.to.includes(email) && /sign-in code/i.test(m.subject));
    if (mail) {
      const code = /code is: ([A-Z0-9]{7})/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in ${mail.text}`);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no 2FA mail');
}

const validate = (token: string, twoFactorCode: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/User/validate-2fa',
    headers: bearer(token),
    remoteAddress,
    payload: { token, twoFactorCode },
  });
const resend = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/User/resend-2fa', headers: bearer(token) });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) });

describe('two-factor sign-in', () => {
  it('mails a 7-character code over SMTP, in text and HTML', async () => {
    const before = ctx.mail.messages.length;
    const { code } = await startSignIn();
    expect(code).toMatch(/^[A-Z0-9]{7}$/);
    const mail = ctx.mail.messages.slice(before).find((m) => m.text.includes(code));
    expect(mail?.html).toContain(code);
  });

  it('gives a pending token that opens only the 2FA calls', async () => {
    const { token } = await startSignIn();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('completes sign-in with the right code, in any letter case, once', async () => {
    ctx.clock.advanceMinutes(2);
    const { token, code } = await startSignIn();
    const res = await validate(token, code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const full = res.json().data.token;
    expect((await me(full)).statusCode).toBe(200);
    expect((await validate(token, code)).statusCode).toBe(401);
  });

  it('refuses a wrong code with a clear message and ends the challenge after 5', async () => {
    ctx.clock.advanceMinutes(2);
    const { token, code } = await startSignIn();
    const wrong = code === 'AAAAAAA' ? 'BBBBBBB' : 'AAAAAAA';
    for (let i = 0; i < 4; i += 1) {
      const res = await validate(token, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The code is not correct.');
    }
    const fifth = await validate(token, wrong);
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toMatch(/sign in again/);
    expect((await validate(token, code)).statusCode).toBe(401);
  });

  it('keeps the wrong-code count across resends: the fifth wrong code of one sign-in ends it', async () => {
    ctx.clock.advanceMinutes(2);
    const { token, code } = await startSignIn();
    const wrong = code === 'AAAAAAA' ? 'BBBBBBB' : 'AAAAAAA';
    for (let i = 0; i < 3; i += 1) expect((await validate(token, wrong)).statusCode).toBe(400);
    ctx.clock.advanceMinutes(1);
    const before = ctx.mail.messages.length;
    expect((await resend(token)).statusCode).toBe(200);
    const fresh = await waitForNewCode(before);
    const stillWrong = [wrong, 'CCCCCCC'].find((c) => c !== fresh) ?? wrong;
    expect((await validate(token, stillWrong)).statusCode).toBe(400);
    const fifth = await validate(token, stillWrong);
    expect(fifth.statusCode).toBe(401);
    expect((await validate(token, fresh)).statusCode).toBe(401);
  });

  it('limits code tries per client address too, whichever accounts they are for', async () => {
    ctx.clock.advanceMinutes(2);
    const others = ['user@example.com', 'user2@example.com', 'auditor@example.com'];
    await ctx.handle.db.update(accounts).set({ twoFactorEnabled: true }).where(inArray(accounts.email, others));
    const address = '198.51.100.20';
    try {
      // 4 accounts x 5 wrong codes: each account stays under its own 6 a minute.
      for (const email of [EMAIL, ...others]) {
        const { token } = await startSignIn(email);
        for (let i = 0; i < 5; i += 1) await validate(token, 'ZZZZZZ2', address);
      }
      const { token, code } = await startSignIn();
      const refused = await validate(token, code, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await validate(token, code)).statusCode).toBe(200);
    } finally {
      await ctx.handle.db.update(accounts).set({ twoFactorEnabled: false }).where(inArray(accounts.email, others));
    }
  });

  it("refuses an empty or malformed code with the product's message", async () => {
    ctx.clock.advanceMinutes(2);
    const { token } = await startSignIn();
    const empty = await validate(token, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'twoFactorCode', message: 'Please enter your OTP code.' }]);
    expect((await validate(token, 'ABC')).statusCode).toBe(400);
  });

  it('lets a code expire after 10 minutes', async () => {
    ctx.clock.advanceMinutes(2);
    const { token, code } = await startSignIn();
    ctx.clock.advanceMinutes(11);
    expect((await validate(token, code)).statusCode).not.toBe(200);
  });

  it('resends a new code that replaces the old one, 30 seconds apart', async () => {
    ctx.clock.advanceMinutes(2);
    const { token, code: first } = await startSignIn();
    const tooSoon = await resend(token);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advanceMinutes(1);
    const before = ctx.mail.messages.length;
    const res = await resend(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/new code/);
    const second = await waitForNewCode(before);
    if (second !== first) expect((await validate(token, first)).statusCode).toBe(400);
    expect((await validate(token, second)).statusCode).toBe(200);
  });

  it('allows at most 6 tries per minute', async () => {
    ctx.clock.advanceMinutes(2);
    const a = await startSignIn();
    const b = await startSignIn();
    for (let i = 0; i < 4; i += 1) await validate(a.token, 'ZZZZZZ2');
    await validate(b.token, 'ZZZZZZ2');
    await validate(b.token, 'ZZZZZZ2');
    const seventh = await validate(b.token, b.code);
    expect(seventh.statusCode).toBe(429);
    expect(seventh.headers['retry-after']).toBeDefined();
  });

  it('accepts exactly one of 20 parallel submissions of the right code', async () => {
    ctx.clock.advanceMinutes(5);
    const { token, code } = await startSignIn();
    const results = await Promise.all(Array.from({ length: 20 }, () => validate(token, code)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });

  it('never logs the code', async () => {
    const all = ctx.logs.join('\n');
    for (const mail of ctx.mail.messages) {
      const code = /code is: ([A-Z0-9]{7})/.exec(mail.text)?.[1];
      if (code) expect(all).not.toContain(code);
    }
    expect(all).toContain('"event":"auth.2fa"');
  });
});
