import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_MSG } from '@portal/contracts/mfa';
import { auditEvents } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { apiCall, bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';
import { acceptEula } from '../../../test/fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  apiCall(ctx, method, url, token, payload);

/** The app's code at the test clock's time, moved by `steps` 30-second steps. */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) + steps * 30 });

const login = async (email: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/User/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string; requireTwoFactor: boolean; twoFactorMethods: string[] } }>().data;
};
const validate = (token: string, twoFactorCode: string, method?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/User/validate-2fa',
    headers: bearer(token),
    payload: { token, twoFactorCode, ...(method ? { method } : {}) },
  });

/** A full session of `email`, through its emailed code when it uses them. */
async function fullSession(email: string): Promise<string> {
  const started = await login(email);
  if (!started.requireTwoFactor) return started.token;
  const mail = await ctx.mail.waitFor(email, /sign-in code/i);
  ctx.mail.messages.splice(ctx.mail.messages.indexOf(mail), 1);
  const code = /code is: ([A-Z0-9]{7})/.exec(mail.text)![1]!;
  const done = await validate(started.token, code);
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ data: { token: string } }>().data.token;
}

/** The secret and recovery codes of each app set up here, by email. */
const known = new Map<string, { secret: string; recoveryCodes: string[] }>();

/** Sets an app up for `email`: answers its secret and recovery codes, and a full session. */
async function setUp(email: string) {
  await acceptEula(ctx.handle.db, [email]);
  const token = await fullSession(email);
  const started = await call('POST', '/User/mfa/totp', token);
  expect(started.status).toBe(200);
  const { secret, otpauthUrl } = started.body.data as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/MigrateHub%20License%20Portal:/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const wrong = await call('POST', '/User/mfa/totp/confirm', token, { code: '000000' });
  expect(wrong.status).toBe(400);
  const confirmed = await call('POST', '/User/mfa/totp/confirm', token, { code: await codeOf(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.message).toBe(MFA_MSG.totpOn);
  const { recoveryCodes } = confirmed.body.data as { recoveryCodes: string[] };
  known.set(email, { secret, recoveryCodes });
  return { token, secret, recoveryCodes };
}

describe('authenticator apps', () => {
  it('sets up with a first code, keeps the secret sealed, and answers ten recovery codes once', async () => {
    const { token, secret, recoveryCodes } = await setUp('user@example.com');
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const dump = rowsOf<{ t: string }>(
      await ctx.handle.db.execute(sql`SELECT row_to_json(x)::text AS t FROM (
        SELECT * FROM totp_factors) x UNION ALL SELECT row_to_json(r)::text FROM recovery_codes r`),
    )
      .map((r) => r.t)
      .join('\n');
    expect(dump).not.toContain(secret);
    for (const code of recoveryCodes) expect(dump).not.toContain(code.replace(/-/g, ''));
    expect(dump).not.toContain(recoveryCodes[0]!);
    expect((await call('GET', '/User/mfa', token)).body.data).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      email: false,
      passkeys: [],
    });
    expect((await call('POST', '/User/mfa/totp', token)).status).toBe(409);
    const trail = await ctx.handle.db.select().from(auditEvents).where(eq(auditEvents.action, 'mfa.totp.enable'));
    expect(trail).toHaveLength(1);
    expect(ctx.logs.join('\n')).not.toContain(secret);
  });

  it('asks the app at sign-in, mails no code, takes a code once and one step of drift', async () => {
    const { secret } = await setUp('user2@example.com');
    const mailsBefore = ctx.mail.messages.length;
    const first = await login('user2@example.com');
    expect(first).toMatchObject({ requireTwoFactor: true, twoFactorMethods: ['totp', 'recovery'] });
    const code = await codeOf(secret, 1); // the phone's clock a step ahead
    const ok = await validate(first.token, code, 'totp');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(ok.json().data.token) })).statusCode,
    ).toBe(200);
    expect(ctx.mail.messages.slice(mailsBefore).filter((m) => /sign-in code/i.test(m.subject))).toEqual([]);

    // The same code again, in a new sign-in: refused, and so is a code two steps away.
    const second = await login('user2@example.com');
    expect((await validate(second.token, code, 'totp')).statusCode).toBe(400);
    expect((await validate(second.token, await codeOf(secret, 3), 'totp')).statusCode).toBe(400);
    // An emailed code cannot be guessed into an account without them; nor asked for.
    expect((await validate(second.token, 'ABCDEFG')).statusCode).toBe(400);
    const resend = await ctx.app.inject({ method: 'POST', url: '/api/User/resend-2fa', headers: bearer(second.token) });
    expect(resend.json().message).toBe(MFA_MSG.noEmailCodes);
    // A fifth wrong code, whatever its method, ends the sign-in.
    expect((await validate(second.token, '123456', 'totp')).statusCode).toBe(400);
    expect((await validate(second.token, '654321', 'totp')).statusCode).toBe(401);
  });

  it('takes each recovery code once in place of the app, and mails its owner', async () => {
    const { recoveryCodes } = await setUp('auditor@example.com');
    const started = await login('auditor@example.com');
    const used = recoveryCodes[3]!.toLowerCase().replace(/-/g, ' ');
    const res = await validate(started.token, used, 'recovery');
    expect(res.statusCode, res.body).toBe(200);
    const mail = await ctx.mail.waitFor('auditor@example.com', /A recovery code was used/);
    expect(mail.text).toContain('9 unused recovery codes are left');
    const again = await login('auditor@example.com');
    expect((await validate(again.token, recoveryCodes[3]!, 'recovery')).statusCode).toBe(400);
    const [entry] = await ctx.handle.db
      .select()
      .from(auditEvents)
      .where(
        sql`${auditEvents.action} = 'auth.2fa' AND ${auditEvents.outcome} = 'success' AND ${auditEvents.detail}->>'method' = 'recovery'`,
      );
    expect(entry).toBeDefined();
  });

  it('renews the recovery codes and removes the app, each only with a current code', async () => {
    const { token, secret, recoveryCodes } = await setUp('admin@example.com');
    ctx.clock.advanceMinutes(1);
    expect((await call('POST', '/User/mfa/recovery-codes', token, { code: '111111' })).status).toBe(400);
    const renewed = await call('POST', '/User/mfa/recovery-codes', token, { code: await codeOf(secret) });
    expect(renewed.status).toBe(200);
    const fresh = (renewed.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const old = await login('admin@example.com');
    expect((await validate(old.token, recoveryCodes[0]!, 'recovery')).statusCode).toBe(400);

    ctx.clock.advanceMinutes(1);
    const removed = await call('DELETE', '/User/mfa/totp', token, { code: await codeOf(secret) });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(MFA_MSG.totpRemoved);
    expect(await login('admin@example.com')).toMatchObject({ requireTwoFactor: false, twoFactorMethods: [] });
    expect((await call('DELETE', '/User/mfa/totp', token, { code: '123456' })).status).toBe(409);
  });

  it('keeps the emailed code, and lists it beside the app, for an account that uses both', async () => {
    const { secret } = await setUp('secure@example.com');
    const started = await login('secure@example.com');
    expect(started.twoFactorMethods).toEqual(['totp', 'recovery', 'email']);
    ctx.clock.advanceMinutes(1);
    expect((await validate(started.token, await codeOf(secret), 'totp')).statusCode).toBe(200);
  });

  it('caps the app codes tried on an account at 30 a day, however many sign-ins and minutes', async () => {
    let started = await login('user@example.com');
    let last = 0;
    for (let tried = 0; tried < 30; tried += 1) {
      if (tried % 5 === 4) started = await login('user@example.com');
      if (tried % 5 === 0) ctx.clock.advanceMinutes(2);
      last = (await validate(started.token, '000111', 'totp')).statusCode;
    }
    expect(last).toBe(400);
    const refused = await validate((await login('user@example.com')).token, '000111', 'totp');
    expect(refused.statusCode).toBe(429);
    ctx.clock.advanceMinutes(24 * 60);
  });

  it('removes the app with a recovery code when the phone is lost', async () => {
    const { secret, recoveryCodes } = known.get('user2@example.com')!;
    ctx.clock.advanceMinutes(1);
    const started = await login('user2@example.com');
    const signedIn = await validate(started.token, await codeOf(secret), 'totp');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json<{ data: { token: string } }>().data.token;
    expect((await call('DELETE', '/User/mfa/totp', token, { code: recoveryCodes[9]! })).status).toBe(200);
    expect(await login('user2@example.com')).toMatchObject({ requireTwoFactor: false });
  });

  it('gives an account with an app no one-time password, and a transfer takes its app away', async () => {
    const admin = await fullSession('admin@example.com');
    await setUp('user2@example.com');
    const user2 = rowsOf<{ id: string }>(
      await ctx.handle.db.execute(sql`SELECT id FROM accounts WHERE email = 'user2@example.com'`),
    )[0]!.id;
    const set = await call('POST', '/User/set-child-password', admin, { childId: user2, generateSystemPassword: true });
    expect(set.status).toBe(400);
    expect(set.body.message).toMatch(/authenticator app/);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/update-email',
      headers: bearer(admin),
      payload: { userId: user2, newEmail: 'user2.next@example.com', newAccountName: 'Next Person' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const left = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(
        sql`SELECT (SELECT count(*) FROM totp_factors WHERE account_id = ${user2}::uuid)::int
                 + (SELECT count(*) FROM recovery_codes WHERE account_id = ${user2}::uuid)::int AS n`,
      ),
    )[0]!.n;
    expect(left).toBe(0);
  });

  it('refuses a code of the wrong shape for its method, with the field named', async () => {
    const started0 = await login('user@example.com');
    expect(started0.requireTwoFactor).toBe(true);
    const res = await validate(started0.token, '12345', 'totp');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'twoFactorCode', message: MFA_MSG.totpCodeFormat }]);
    const bad = await validate(started0.token, '123456', 'sms');
    expect(bad.statusCode).toBe(400);
  });
});
