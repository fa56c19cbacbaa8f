import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_MSG } from '@portal/contracts/mfa';
import { auditEvents, passkeys, totpFactors } from '../../db/schema';
import { apiCall, bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';
import { acceptEula, addAccount, idOf } from '../../../test/fixtures';
import { assertionOf, newSoftPasskey, registrationOf } from '../../../test/soft-authenticator';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['admin@example.com', 'user@example.com', 'user2@example.com', 'secure@example.com']);
});
afterAll(() => ctx.close());

type SignIn = {
  token: string;
  requireTwoFactor: boolean;
  twoFactorMethods: string[];
  requirePasswordChange: boolean;
  requireMfaSetup: boolean;
  mfaSetupMethods: string[];
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  apiCall(ctx, method, url, token, payload);
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) });
const me = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) })).statusCode;

async function login(email: string, password = DEMO_PASSWORD): Promise<SignIn> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/User/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SignIn }>().data;
}

/** The emailed code of a pending sign-in, checked: answers validate-2fa's data. */
async function withEmailedCode(email: string, token: string) {
  const mail = await ctx.mail.waitFor(email, /sign-in code/i);
  ctx.mail.messages.splice(ctx.mail.messages.indexOf(mail), 1);
  const code = /code is: ([A-Z0-9]{7})/.exec(mail.text)![1]!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/User/validate-2fa',
    headers: bearer(token),
    payload: { token, twoFactorCode: code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { token: string; requireMfaSetup: boolean; mfaSetupMethods: string[] } }>().data;
}

/** Sets an app up with the token (a full session or the policy's set-up): answers the confirm's data. */
async function setUpApp(token: string) {
  const started = await call('POST', '/User/mfa/totp', token);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { secret } = started.body.data as { secret: string };
  const confirmed = await call('POST', '/User/mfa/totp/confirm', token, { code: await codeOf(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret, ...(confirmed.body.data as { recoveryCodes: string[]; token: string | null }) };
}

const setPolicy = (token: string, policy: string) => call('PUT', '/Organisation/mfa-policy', token, { policy });

describe('the MFA policy', () => {
  let admin: string;
  /** user@'s full session from before any policy. */
  let userBefore: string;

  it('is optional at first; only its Admins read it, only the top one changes it, and it is audited', async () => {
    admin = (await login('admin@example.com')).token;
    const read = await call('GET', '/Organisation/mfa-policy', admin);
    expect(read.body.data).toEqual({ policy: 'optional', canChange: true, peopleWithout: 0, updatedAt: null });
    userBefore = (await login('user@example.com')).token;
    expect((await call('GET', '/Organisation/mfa-policy', userBefore)).status).toBe(403);
    expect((await setPolicy(userBefore, 'required')).status).toBe(403);

    // An Admin below the top reads the policy but may not change it.
    const adminId = await idOf(ctx.handle.db, 'admin@example.com');
    await addAccount(ctx.handle.db, { email: 'reseller@example.com', roles: ['Admin'], parentId: adminId });
    const reseller = (await login('reseller@example.com')).token;
    expect((await call('GET', '/Organisation/mfa-policy', reseller)).body.data).toMatchObject({ canChange: false });
    const refused = await setPolicy(reseller, 'required');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MFA_MSG.policyTopAdminOnly);

    expect((await setPolicy(admin, 'sometimes')).status).toBe(400);
    const saved = await setPolicy(admin, 'required');
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(MFA_MSG.policySaved);
    // Everyone active but secure@ (emailed codes) lacks a factor.
    expect(saved.body.data).toMatchObject({ policy: 'required', canChange: true });
    expect((saved.body.data as { peopleWithout: number }).peopleWithout).toBeGreaterThanOrEqual(4);
    const trail = await ctx.handle.db.select().from(auditEvents).where(eq(auditEvents.action, 'mfa.policy'));
    expect(trail.map((row) => row.detail)).toEqual([{ from: 'optional', to: 'required' }]);
  });

  it('leads a person without a factor through setting one up before anything else', async () => {
    const started = await login('user@example.com');
    expect(started).toMatchObject({
      requireTwoFactor: false,
      requireMfaSetup: true,
      mfaSetupMethods: ['passkey', 'totp'],
    });
    // The set-up session opens the set-up and nothing else.
    expect(await me(started.token)).toBe(401);
    expect((await call('GET', '/User/mfa', started.token)).status).toBe(200);
    expect((await call('GET', '/License', started.token)).status).toBe(401);
    const { token, recoveryCodes } = await setUpApp(started.token);
    expect(recoveryCodes).toHaveLength(10);
    expect(token).toEqual(expect.any(String));
    expect(await me(token!)).toBe(200);
    // The set-up session gave way to the full one.
    expect((await call('GET', '/User/mfa', started.token)).status).toBe(401);
  });

  it('takes any factor under `required`: the emailed code signs in as before', async () => {
    const started = await login('secure@example.com');
    expect(started).toMatchObject({ requireTwoFactor: true, twoFactorMethods: ['email'], requireMfaSetup: false });
    const done = await withEmailedCode('secure@example.com', started.token);
    expect(done).toMatchObject({ requireMfaSetup: false, mfaSetupMethods: [] });
    expect(await me(done.token)).toBe(200);
  });

  it('applies after the forced password change of a first sign-in', async () => {
    const adminId = await idOf(ctx.handle.db, 'admin@example.com');
    await addAccount(ctx.handle.db, {
      email: 'newcomer@example.com',
      roles: ['User'],
      parentId: adminId,
      mustChangePassword: true,
    });
    const started = await login('newcomer@example.com');
    expect(started).toMatchObject({ requirePasswordChange: true, requireMfaSetup: false });
    const changed = await call('POST', '/User/change-password', started.token, {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'a much longer passphrase 2026!',
      confirmPassword: 'a much longer passphrase 2026!',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ requireMfaSetup: true, mfaSetupMethods: ['passkey', 'totp'] });
    expect(await me((changed.body.data as { token: string }).token)).toBe(401);
  });

  it('asks a passkey under `phishing-resistant`: an app or an emailed code leads to adding one', async () => {
    expect((await setPolicy(admin, 'phishing-resistant')).status).toBe(200);
    const emailed = await login('secure@example.com');
    expect(emailed.twoFactorMethods).toEqual(['email']);
    const afterEmail = await withEmailedCode('secure@example.com', emailed.token);
    expect(afterEmail).toMatchObject({ requireMfaSetup: true, mfaSetupMethods: ['passkey'] });
    // An app set up then does not meet the policy: the set-up session stays a set-up session.
    const { token } = await setUpApp(afterEmail.token);
    expect(token).toBeNull();
    expect(await me(afterEmail.token)).toBe(401);

    // A passkey meets it: adding one in the set-up answers the full session.
    const key = newSoftPasskey();
    const options = await call('POST', '/User/mfa/passkeys/options', afterEmail.token);
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const added = await call('POST', '/User/mfa/passkeys', afterEmail.token, {
      name: 'Work laptop',
      response: registrationOf(key, options.body.data),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const full = (added.body.data as { token: string | null }).token;
    expect(await me(full!)).toBe(200);
    expect((await call('GET', '/User/mfa', afterEmail.token)).status).toBe(401);

    // From then on its second step offers only the passkey, and the passkey alone signs it in.
    expect((await login('secure@example.com')).twoFactorMethods).toEqual(['passkey']);
    const started = await ctx.app.inject({ method: 'POST', url: '/api/User/passkey/login-options' });
    const { challengeId, options: loginOptions } = started.json<{
      data: { challengeId: string; options: { challenge: string } };
    }>().data;
    const alone = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/passkey/login',
      payload: { challengeId, response: assertionOf(key, loginOptions) },
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json<{ data: SignIn }>().data).toMatchObject({ requireTwoFactor: false, requireMfaSetup: false });
  });

  it("lets an Admin reset a child's factors: audited, mailed, its sessions ended", async () => {
    const userId = await idOf(ctx.handle.db, 'user@example.com');
    await ctx.handle.db.insert(passkeys).values({
      accountId: userId,
      credentialId: 'reset-test-credential',
      publicKey: 'reset-test-key',
      deviceType: 'singleDevice',
      name: 'Old phone',
    });
    const user = userBefore;
    expect((await call('POST', '/User/reset-child-mfa', user, { childId: userId })).status).toBe(403);
    const adminId = await idOf(ctx.handle.db, 'admin@example.com');
    expect((await call('POST', '/User/reset-child-mfa', admin, { childId: adminId })).status).toBe(403);
    const superAdmin = await idOf(ctx.handle.db, 'superadmin@example.com');
    expect((await call('POST', '/User/reset-child-mfa', admin, { childId: superAdmin })).status).toBe(404);

    const reset = await call('POST', '/User/reset-child-mfa', admin, { childId: userId });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.message).toBe(MFA_MSG.childFactorsReset);
    expect(await ctx.handle.db.select().from(totpFactors).where(eq(totpFactors.accountId, userId))).toEqual([]);
    expect(await ctx.handle.db.select().from(passkeys).where(eq(passkeys.accountId, userId))).toEqual([]);
    expect((await call('GET', '/User/mfa', user)).status).toBe(401);
    const mail = await ctx.mail.waitFor('user@example.com', /second factors were reset/i);
    expect(mail.text).toContain('set one up the next time you sign in');
    const trail = await ctx.handle.db.select().from(auditEvents).where(eq(auditEvents.action, 'mfa.reset'));
    expect(trail.map((row) => row.detail)).toEqual([{ target: userId }]);
    // Its next sign-in asks for a passkey, as the policy says.
    expect(await login('user@example.com')).toMatchObject({ requireMfaSetup: true, mfaSetupMethods: ['passkey'] });
  });

  it('back to optional: nobody is asked for anything', async () => {
    expect((await setPolicy(admin, 'optional')).body.data).toMatchObject({ policy: 'optional', peopleWithout: 0 });
    const started = await login('user@example.com');
    expect(started).toMatchObject({ requireMfaSetup: false, requireTwoFactor: false });
    expect(await me(started.token)).toBe(200);
  });
});
