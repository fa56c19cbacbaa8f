import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_MSG } from '@portal/contracts/mfa';
import { rowsOf } from '../../db/rows';
import { apiCall, bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';
import { acceptEula } from '../../../test/fixtures';
import { assertionOf, newSoftPasskey, registrationOf, type SoftPasskey } from '../../../test/soft-authenticator';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['user@example.com', 'user2@example.com', 'auditor@example.com']);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, token: string, payload?: object) =>
  apiCall(ctx, method as 'POST', url, token, payload);

type LoginAnswer = {
  token: string;
  requireTwoFactor: boolean;
  requirePasswordChange: boolean;
  twoFactorMethods: string[];
};

const login = async (email: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/User/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LoginAnswer }>().data;
};

const validate = (token: string, passkey: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/User/validate-2fa',
    headers: bearer(token),
    payload: { token, method: 'passkey', passkey },
  });

const challengeFor = async (pending: string) => {
  const res = await call('POST', '/User/passkey/challenge', pending);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { challenge: string; allowCredentials: { id: string }[]; userVerification: string };
};

/** A full session of `email`, which has no second factor, or signs in with `key` as its second factor. */
async function fullSession(email: string, key?: SoftPasskey): Promise<string> {
  const started = await login(email);
  if (!started.requireTwoFactor) return started.token;
  const res = await validate(started.token, assertionOf(key!, await challengeFor(started.token)));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

async function register(token: string, key: SoftPasskey, name: string) {
  const options = await call('POST', '/User/mfa/passkeys/options', token);
  expect(options.status).toBe(200);
  return call('POST', '/User/mfa/passkeys', token, {
    name,
    response: registrationOf(key, options.body.data),
  });
}

const idOf = async (email: string) =>
  rowsOf<{ id: string }>(await ctx.handle.db.execute(sql`SELECT id FROM accounts WHERE email = ${email}`))[0]!.id;

const auditCount = async (action: string, extra = sql`TRUE`) =>
  rowsOf<{ n: number }>(
    await ctx.handle.db.execute(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = ${action} AND ${extra}`),
  )[0]!.n;

const loginOptions = async () => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/User/passkey/login-options' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: {
      challengeId: string;
      options: { challenge: string; allowCredentials?: unknown[]; userVerification: string };
    };
  }>().data;
};

const passkeyLogin = (challengeId: string, response: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/User/passkey/login', payload: { challengeId, response } });

const laptop = newSoftPasskey();
const phone = newSoftPasskey();
const other = newSoftPasskey();

describe('passkeys', () => {
  it('registers several discoverable passkeys with names; the first brings ten recovery codes once', async () => {
    const token = await fullSession('user@example.com');
    const options = await call('POST', '/User/mfa/passkeys/options', token);
    const data = options.body.data as {
      rp: { id: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
      excludeCredentials: unknown[];
    };
    expect(data.rp.id).toBe('localhost');
    expect(data.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(data.excludeCredentials).toEqual([]);

    const first = await register(token, laptop, '  Work laptop  ');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe(MFA_MSG.passkeyAddedWithCodes);
    const added = first.body.data as { passkey: { name: string }; recoveryCodes: string[] };
    expect(added.passkey.name).toBe('Work laptop');
    expect(added.recoveryCodes).toHaveLength(10);

    const second = await register(token, phone, 'Phone');
    expect(second.status).toBe(200);
    expect((second.body.data as { recoveryCodes: null }).recoveryCodes).toBeNull();

    // The same credential again: the options exclude it, and the server refuses it.
    const again = await call('POST', '/User/mfa/passkeys/options', token);
    expect((again.body.data as { excludeCredentials: unknown[] }).excludeCredentials).toHaveLength(2);
    const duplicate = await call('POST', '/User/mfa/passkeys', token, {
      name: 'Laptop again',
      response: registrationOf(laptop, again.body.data),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(MFA_MSG.passkeyDuplicate);

    const status = (await call('GET', '/User/mfa', token)).body.data as {
      passkeys: { name: string; lastUsedAt: string | null }[];
      recoveryCodesLeft: number;
    };
    expect(status.passkeys.map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
    expect(status.passkeys[0]!.lastUsedAt).toBeNull();
    expect(status.recoveryCodesLeft).toBe(10);
    expect(await auditCount('mfa.passkey.add')).toBe(2);
    // Only public keys are kept.
    const keys = rowsOf<{ public_key: string }>(await ctx.handle.db.execute(sql`SELECT public_key FROM passkeys`));
    expect(keys).toHaveLength(2);
  });

  it('refuses a registration from another origin, a challenge used twice, and one past its 5 minutes', async () => {
    const token = await fullSession('user2@example.com');
    const options = (await call('POST', '/User/mfa/passkeys/options', token)).body.data as { challenge: string };
    const foreign = registrationOf(other, options, { origin: 'https://evil.example', rpId: 'evil.example' });
    expect((await call('POST', '/User/mfa/passkeys', token, { name: 'X', response: foreign })).status).toBe(400);
    // That challenge is spent, even by a failure.
    const replay = await call('POST', '/User/mfa/passkeys', token, {
      name: 'X',
      response: registrationOf(other, options),
    });
    expect(replay.status).toBe(400);

    const late = (await call('POST', '/User/mfa/passkeys/options', token)).body.data as { challenge: string };
    ctx.clock.advanceMinutes(6);
    const expired = await call('POST', '/User/mfa/passkeys', token, {
      name: 'X',
      response: registrationOf(other, late),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(MFA_MSG.passkeyExpired);
    // Another account's challenge does not serve this session.
    const userToken = await fullSession('user@example.com', laptop);
    const theirs = (await call('POST', '/User/mfa/passkeys/options', userToken)).body.data as { challenge: string };
    const crossed = await call('POST', '/User/mfa/passkeys', token, {
      name: 'X',
      response: registrationOf(other, theirs),
    });
    expect(crossed.status).toBe(400);

    const ok = await register(token, other, 'Security key');
    expect(ok.status).toBe(200);
  });

  it('signs in with a passkey as the second factor, and counts it', async () => {
    const started = await login('user@example.com');
    expect(started).toMatchObject({ requireTwoFactor: true, twoFactorMethods: ['passkey', 'recovery'] });
    const options = await challengeFor(started.token);
    expect(options.allowCredentials).toHaveLength(2);
    const res = await validate(started.token, assertionOf(phone, options));
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ data: { token: string } }>().data.token;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) })).statusCode).toBe(200);
    const status = (await call('GET', '/User/mfa', token)).body.data as { passkeys: { lastUsedAt: string | null }[] };
    expect(status.passkeys[1]!.lastUsedAt).not.toBeNull();
    expect(
      await auditCount('auth.2fa', sql`outcome = 'success' AND detail->>'method' = 'passkey'`),
    ).toBeGreaterThanOrEqual(1);
    const counter = rowsOf<{ counter: number }>(
      await ctx.handle.db.execute(sql`SELECT counter::int FROM passkeys WHERE name = 'Phone'`),
    )[0]!.counter;
    expect(counter).toBe(phone.counter);
  });

  it('counts a wrong, replayed, foreign or backward answer as a wrong code, and the fifth ends the sign-in', async () => {
    ctx.clock.advanceMinutes(1); // 6 tries a minute per account
    const started = await login('user@example.com');
    const first = await challengeFor(started.token);
    const good = assertionOf(laptop, first);
    // Another account's passkey, on this sign-in's challenge.
    expect((await validate(started.token, assertionOf(other, first))).statusCode).toBe(400);
    // The challenge is spent: even the right passkey cannot use it now.
    expect((await validate(started.token, good)).statusCode).toBe(400);
    // A counter that goes backwards (a cloned authenticator).
    const second = await challengeFor(started.token);
    expect((await validate(started.token, assertionOf(laptop, second, { counter: 0 }))).statusCode).toBe(400);
    // A signature by the wrong key under the right credential id.
    const third = await challengeFor(started.token);
    const forged = { ...assertionOf(other, third), id: laptop.credentialId.toString('base64url') };
    expect((await validate(started.token, forged)).statusCode).toBe(400);
    const failed = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(
        sql`SELECT failed_attempts AS n FROM two_factor_challenges ORDER BY sent_at DESC, failed_attempts DESC LIMIT 1`,
      ),
    )[0]!.n;
    expect(failed).toBe(4);
    const fourth = await challengeFor(started.token);
    expect(
      (await validate(started.token, { ...assertionOf(laptop, fourth), rawId: 'AAAA', id: 'AAAA' })).statusCode,
    ).toBe(401);
    expect(await auditCount('auth.2fa', sql`outcome = 'failure' AND detail->>'method' = 'passkey'`)).toBe(5);
    // The field is required for the method.
    const next = await login('user@example.com');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/validate-2fa',
      headers: bearer(next.token),
      payload: { token: next.token, method: 'passkey' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'passkey', message: MFA_MSG.passkeyMissing }]);
    // The emailed code's form still works without a method.
    const emailed = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/validate-2fa',
      headers: bearer(next.token),
      payload: { token: next.token, twoFactorCode: 'ABCDEFG' },
    });
    expect(emailed.statusCode).toBe(400);
    expect(emailed.json().message).toBe('The code is not correct.');
  });

  it('signs in with a passkey alone: discoverable, user verified, each challenge once and within 5 minutes', async () => {
    const { challengeId, options } = await loginOptions();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await passkeyLogin(challengeId, assertionOf(laptop, options));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: LoginAnswer }>().data;
    expect(answer).toMatchObject({ requireTwoFactor: false, requirePasswordChange: false, twoFactorMethods: [] });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(answer.token) });
    expect(me.json().data.email).toBe('user@example.com');
    expect(await auditCount('auth.login', sql`outcome = 'success' AND detail->>'method' = 'passkey'`)).toBe(1);

    // The same challenge again.
    expect((await passkeyLogin(challengeId, assertionOf(laptop, options))).statusCode).toBe(400);
    // Without user verification.
    const bare = await loginOptions();
    expect(
      (await passkeyLogin(bare.challengeId, assertionOf(laptop, bare.options, { verified: false }))).statusCode,
    ).toBe(400);
    // A credential the portal does not know.
    const unknown = await loginOptions();
    expect((await passkeyLogin(unknown.challengeId, assertionOf(newSoftPasskey(), unknown.options))).statusCode).toBe(
      400,
    );
    // Past its minutes.
    const late = await loginOptions();
    ctx.clock.advanceMinutes(6);
    const expired = await passkeyLogin(late.challengeId, assertionOf(laptop, late.options));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(MFA_MSG.passkeyExpired);
    // Another challenge's id with this one's answer.
    const a = await loginOptions();
    const b = await loginOptions();
    expect((await passkeyLogin(a.challengeId, assertionOf(laptop, b.options))).statusCode).toBe(400);
    expect(await auditCount('auth.login', sql`outcome = 'failure' AND detail->>'method' = 'passkey'`)).toBe(5);
  });

  it('takes one answer once, however many copies arrive at the same time (PostgreSQL proves it)', async () => {
    const { challengeId, options } = await loginOptions();
    const answer = assertionOf(laptop, options);
    const results = await Promise.all(Array.from({ length: 5 }, () => passkeyLogin(challengeId, answer)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('refuses an inactive account, and sends a forced password change first', async () => {
    const user2 = await idOf('user2@example.com');
    await ctx.handle.db.execute(sql`UPDATE accounts SET active = false WHERE id = ${user2}::uuid`);
    await ctx.heard();
    const off = await loginOptions();
    const refused = await passkeyLogin(off.challengeId, assertionOf(other, off.options));
    expect(refused.statusCode).toBe(403);
    await ctx.handle.db.execute(
      sql`UPDATE accounts SET active = true, must_change_password = true WHERE id = ${user2}::uuid`,
    );
    await ctx.heard();
    const on = await loginOptions();
    const res = await passkeyLogin(on.challengeId, assertionOf(other, on.options));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: LoginAnswer }>().data).toMatchObject({
      requirePasswordChange: true,
      requireTwoFactor: false,
    });
    await ctx.handle.db.execute(sql`UPDATE accounts SET must_change_password = false WHERE id = ${user2}::uuid`);
    await ctx.heard();
  });

  it('removes only its own passkeys; the last takes the recovery codes with it', async () => {
    const token = await fullSession('user@example.com', laptop);
    const user2Token = await fullSession('user2@example.com', other);
    const own = (await call('GET', '/User/mfa', token)).body.data as { passkeys: { id: string; name: string }[] };
    const theirs = (await call('GET', '/User/mfa', user2Token)).body.data as { passkeys: { id: string }[] };
    expect((await call('DELETE', `/User/mfa/passkeys/${theirs.passkeys[0]!.id}`, token)).status).toBe(404);
    const renamed = await call('PATCH', `/User/mfa/passkeys/${own.passkeys[0]!.id}`, token, { name: 'Old laptop' });
    expect(renamed.status).toBe(200);
    expect((renamed.body.data as { name: string }).name).toBe('Old laptop');
    for (const passkey of own.passkeys) {
      const res = await call('DELETE', `/User/mfa/passkeys/${passkey.id}`, token);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MFA_MSG.passkeyRemoved);
    }
    expect(await auditCount('mfa.passkey.remove')).toBe(2);
    expect((await call('GET', '/User/mfa', token)).body.data).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect(await login('user@example.com')).toMatchObject({ requireTwoFactor: false, twoFactorMethods: [] });
    // A removed passkey signs in no more.
    const gone = await loginOptions();
    expect((await passkeyLogin(gone.challengeId, assertionOf(laptop, gone.options))).statusCode).toBe(400);
  });

  it('keeps the second-factor options to a pending sign-in of an account with passkeys', async () => {
    const full = await fullSession('user2@example.com', other);
    expect((await call('POST', '/User/passkey/challenge', full)).status).toBe(401);
    const admin = await login('auditor@example.com');
    expect(admin.requireTwoFactor).toBe(false);
  });
});
