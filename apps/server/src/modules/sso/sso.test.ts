import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MSG } from '@portal/contracts/sso';
import { SSO_REQUIRED } from '@portal/contracts/sso-errors';
import { accounts, accountClosure } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { guardedFetch } from '../../lib/guarded-fetch';
import {
  apiCall,
  type ApiAnswer,
  bearer,
  createTestContext,
  DEMO_PASSWORD,
  type TestContext,
} from '../../../test/helper';
import { acceptEula, addAccount, idOf } from '../../../test/fixtures';
import { type MockProvider, type NextSignIn, startMockProvider } from '../../../test/oidc-mock-fixture';
import { amrSaysMfa } from './sso.provider';
import { testDiscovery } from './sso.provider';

const SECRET = 'the-client-secret-of-acme-9f8e7d6c5b4a';
const DOMAIN = 'acme.test';

let ctx: TestContext;
let provider: MockProvider;
let tokens: Record<'admin' | 'childAdmin' | 'user' | 'auditor' | 'otherAdmin', string>;
let ids: Record<'admin' | 'existing' | 'breakGlass' | 'otherAdmin' | 'foreign' | 'twoFactor' | 'inactive', string>;

beforeAll(async () => {
  ctx = await createTestContext({ SSO_ALLOW_PRIVATE_ISSUERS: 'true' });
  provider = await startMockProvider();
  const db = ctx.handle.db;
  const admin = await idOf(db, 'admin@example.com');
  await acceptEula(db, ['admin@example.com', 'user@example.com', 'auditor@example.com']);
  await addAccount(db, { email: 'child.admin@example.com', roles: ['Admin'], parentId: admin });
  const otherAdmin = await addAccount(db, { email: 'other.admin@example.com', roles: ['Admin'] });
  ids = {
    admin,
    otherAdmin,
    existing: await addAccount(db, { email: 'existing@acme.test', name: 'Existing', roles: ['User'], parentId: admin }),
    breakGlass: await addAccount(db, { email: 'breakglass@acme.test', roles: ['Admin'], parentId: admin }),
    foreign: await addAccount(db, { email: 'foreign@acme.test', roles: ['User'], parentId: otherAdmin }),
    twoFactor: await addAccount(db, { email: 'twofa@acme.test', roles: ['User'], parentId: admin }),
    inactive: await addAccount(db, { email: 'gone@acme.test', roles: ['User'], parentId: admin }),
  };
  await db.update(accounts).set({ twoFactorEnabled: true }).where(eq(accounts.id, ids.twoFactor));
  await db.update(accounts).set({ active: false }).where(eq(accounts.id, ids.inactive));
  tokens = {
    admin: await ctx.login('admin@example.com'),
    childAdmin: await ctx.login('child.admin@example.com'),
    user: await ctx.login('user@example.com'),
    auditor: await ctx.login('auditor@example.com'),
    otherAdmin: await ctx.login('other.admin@example.com'),
  };
});
afterAll(async () => {
  await provider.close();
  await ctx.close();
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  issuer: provider.issuer,
  clientId: 'portal-acme',
  clientSecret: SECRET,
  domains: [DOMAIN, 'Acme-Corp.test'],
  defaultRole: 'Auditor',
  enforced: false,
  breakGlassAccountId: null,
  ...overrides,
});

async function put(token: string, body: object) {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/Sso', headers: bearer(token), payload: body });
  return { status: res.statusCode, body: res.json<ApiAnswer>() };
}

const BROWSER = 'b'.repeat(43);
const cookieOf = (value: string) => ({ cookie: `portal_sso=${value}` });

/** start → the provider's authorize → the callback: where the callback sends the browser. */
async function signInAtProvider(
  email: string,
  next: NextSignIn,
  options: { browser?: string; tamper?: (url: URL) => void } = {},
) {
  const browser = options.browser ?? BROWSER;
  const start = await ctx.app.inject({
    method: 'GET',
    url: `/api/Sso/start?email=${encodeURIComponent(email)}`,
    headers: cookieOf(BROWSER),
  });
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  if (!location.startsWith(provider.issuer)) return { start: location, callback: null as string | null };
  provider.next(next);
  const authorize = await fetch(location, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.pathname).toBe('/api/Sso/callback');
  options.tamper?.(back);
  const callback = await ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookieOf(browser),
  });
  expect(callback.statusCode).toBe(302);
  return { start: location, callback: String(callback.headers.location) };
}

async function exchange(location: string, browser: string | null = BROWSER) {
  const code = new URL(location, 'http://x').searchParams.get('code') ?? '';
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Sso/exchange',
    headers: browser ? cookieOf(browser) : {},
    payload: { code },
  });
  return { status: res.statusCode, body: res.json<ApiAnswer>(), code };
}

async function fullSignIn(email: string, next: NextSignIn = { email }) {
  const { callback } = await signInAtProvider(email, next);
  expect(callback).toMatch(/^\/sso-callback\?code=/);
  const answer = await exchange(callback!);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { token: string; requireTwoFactor: boolean; requirePasswordChange: boolean };
}

describe('single sign-on settings', () => {
  it('are refused to anyone but the Admin at the top of its organisation', async () => {
    expect((await put(tokens.childAdmin, settings())).status).toBe(403);
    expect((await put(tokens.user, settings())).status).toBe(403);
    expect((await put(tokens.auditor, settings())).status).toBe(403);
    expect((await apiCall(ctx, 'GET', '/Sso', tokens.childAdmin)).status).toBe(403);
    expect((await apiCall(ctx, 'GET', '/Sso', tokens.user)).status).toBe(403);
  });

  it('need a secret on the first save, and validate domains', async () => {
    const noSecret = await put(tokens.admin, settings({ clientSecret: undefined }));
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors?.[0]?.field).toBe('clientSecret');
    const badDomain = await put(tokens.admin, settings({ domains: ['not a domain'] }));
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.message).toContain('is not a domain name');
    expect((await put(tokens.admin, settings({ domains: ['127.0.0.1'] }))).status).toBe(400);
    expect((await put(tokens.admin, settings({ issuer: 'ftp://idp.example' }))).status).toBe(400);
  });

  it('are saved with the secret sealed, and read back without it', async () => {
    const saved = await put(tokens.admin, settings());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await apiCall(ctx, 'GET', '/Sso', tokens.admin);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    expect(read.body.data).toMatchObject({
      configured: true,
      issuer: provider.issuer,
      clientId: 'portal-acme',
      hasClientSecret: true,
      domains: ['acme-corp.test', DOMAIN],
      defaultRole: 'Auditor',
      enforced: false,
      redirectUri: 'http://localhost:8080/api/Sso/callback',
    });
    const admins = (read.body.data as { admins: { email: string }[] }).admins.map((a) => a.email);
    expect(admins).toEqual(
      expect.arrayContaining(['admin@example.com', 'breakglass@acme.test', 'child.admin@example.com']),
    );
    expect(admins).not.toContain('other.admin@example.com');
    // Saved again without a secret: the stored one is kept.
    expect((await put(tokens.admin, settings({ clientSecret: undefined, domains: [DOMAIN] }))).status).toBe(200);
    const stored = rowsOf<{ t: string }>(
      await ctx.handle.db.execute(sql`SELECT row_to_json(c)::text AS t FROM sso_connections c`),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.t).not.toContain(SECRET);
    expect(stored[0]!.t).toContain('v1.');
  });

  it('refuse a domain another organisation owns, on its field', async () => {
    const taken = await put(tokens.otherAdmin, settings({ domains: ['other.test', DOMAIN] }));
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([{ field: 'domains', message: SSO_MSG.domainTaken(DOMAIN) }]);
  });

  it('refuse a break-glass account that is not an active Admin of the organisation, and enforcement without one', async () => {
    const foreign = await put(tokens.admin, settings({ breakGlassAccountId: ids.otherAdmin }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]?.field).toBe('breakGlassAccountId');
    expect((await put(tokens.admin, settings({ breakGlassAccountId: ids.existing }))).status).toBe(400);
    const none = await put(tokens.admin, settings({ enforced: true }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(SSO_MSG.breakGlassRequired);
  });

  it('test the connection through discovery', async () => {
    const found = await apiCall(ctx, 'POST', '/Sso/test', tokens.admin, { issuer: provider.issuer });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ ok: true, issuer: provider.issuer });
    const missing = await apiCall(ctx, 'POST', '/Sso/test', tokens.admin, {
      issuer: `${provider.issuer}/nothing-here`,
    });
    expect(missing.body.data).toMatchObject({ ok: false });
    provider.bendDiscovery('https://impostor.example');
    const mismatch = await apiCall(ctx, 'POST', '/Sso/test', tokens.admin, { issuer: provider.issuer });
    provider.bendDiscovery(null);
    expect(mismatch.body.data).toMatchObject({ ok: false });
    expect((mismatch.body.data as { message: string }).message).toMatch(/issuer/i);
  });
});

describe('the guard on the way to a provider', () => {
  it('refuses a private issuer without SSO_ALLOW_PRIVATE_ISSUERS, http and https alike', async () => {
    const access = { allowPrivate: false, timeoutMs: 5000 };
    const plain = await testDiscovery(access, provider.issuer);
    expect(plain.ok).toBe(false);
    expect(plain.message).toMatch(/https/);
    const loopback = await testDiscovery(access, provider.issuer.replace('http:', 'https:'));
    expect(loopback.ok).toBe(false);
    expect(loopback.message).toMatch(/not allowed/);
  });

  it('refuses metadata addresses even when private issuers are allowed', async () => {
    const fetch = guardedFetch({ allowPrivate: true, timeoutMs: 2000 });
    await expect(fetch('http://169.254.169.254/.well-known/openid-configuration')).rejects.toThrow(/not allowed/);
  });
});

describe('amr', () => {
  it('counts mfa, or two distinct factors, as the second factor', () => {
    expect(amrSaysMfa(['mfa'])).toBe(true);
    expect(amrSaysMfa(['pwd', 'otp'])).toBe(true);
    expect(amrSaysMfa(['hwk', 'pin'])).toBe(true);
    expect(amrSaysMfa(['pwd'])).toBe(false);
    expect(amrSaysMfa(['otp', 'otp'])).toBe(false);
    expect(amrSaysMfa(undefined)).toBe(false);
    expect(amrSaysMfa('mfa')).toBe(false);
  });
});

describe('signing in with single sign-on', () => {
  it('sends an unknown domain back to the login page with its message', async () => {
    const { start } = await signInAtProvider('someone@nobody-owns.test', {});
    expect(start).toBe('/sso?sso_error=unknown-domain');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/Sso/start?email=not-an-email' });
    expect(bad.headers.location).toBe('/sso?sso_error=bad-email');
  });

  it('sends the browser to the provider with PKCE, state, nonce and the email as login hint, bound by a cookie', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: `/api/Sso/start?email=Existing@ACME.test` });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('login_hint')).toBe('existing@acme.test');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/api/Sso/callback');
    expect(String(start.headers['set-cookie'])).toMatch(
      /^portal_sso=[A-Za-z0-9_-]{43}; Path=\/api\/Sso; HttpOnly; SameSite=Lax/,
    );
    const stored = rowsOf<{ t: string }>(
      await ctx.handle.db.execute(sql`SELECT row_to_json(l)::text AS t FROM sso_logins l`),
    );
    const all = stored.map((row) => row.t).join();
    expect(all).not.toContain(url.searchParams.get('state')!);
    expect(all).not.toContain(String(start.headers['set-cookie']).split(';')[0]!.split('=')[1]!);
  });

  it('signs an existing account of the organisation in, once per code', async () => {
    const { callback } = await signInAtProvider('existing@acme.test', { email: 'existing@acme.test' });
    const first = await exchange(callback!);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ requireTwoFactor: false, requirePasswordChange: false });
    const me = await apiCall(ctx, 'GET', '/User/me', (first.body.data as { token: string }).token);
    expect(me.status).toBe(200);
    expect((me.body.data as { email: string }).email).toBe('existing@acme.test');
    // The code works once.
    const replay = await exchange(callback!);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(SSO_MSG.exchangeInvalid);
    const audit = rowsOf<{ event: string; outcome: string }>(
      await ctx.handle.db.execute(
        sql`SELECT action AS event, outcome FROM audit_events WHERE actor_id = ${ids.existing}`,
      ),
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { event: 'auth.sso', outcome: 'success' },
        { event: 'auth.login', outcome: 'success' },
      ]),
    );
  });

  it('creates an unknown email of an owned domain under the top account, with the default role and the EULA still to accept', async () => {
    const signedIn = await fullSignIn('newcomer@acme.test', { email: 'Newcomer@acme.test', name: 'Nia Newcomer' });
    const [created] = await ctx.handle.db.select().from(accounts).where(eq(accounts.email, 'newcomer@acme.test'));
    expect(created).toMatchObject({
      parentId: ids.admin,
      roles: ['Auditor'],
      mustChangePassword: false,
      name: 'Nia Newcomer',
    });
    expect(created!.emailValidatedAt).not.toBeNull();
    const closure = await ctx.handle.db
      .select()
      .from(accountClosure)
      .where(eq(accountClosure.descendantId, created!.id));
    expect(closure.map((row) => row.ancestorId)).toContain(ids.admin);
    const pools = rowsOf(await ctx.handle.db.execute(sql`SELECT 1 FROM pools WHERE owner_id = ${created!.id}`));
    expect(pools.length).toBeGreaterThan(0);
    const me = await apiCall(ctx, 'GET', '/User/me', signedIn.token);
    expect((me.body.data as { isEULAAccepted: boolean }).isEULAAccepted).toBe(false);
    const audit = rowsOf<{ event: string }>(
      await ctx.handle.db.execute(sql`SELECT action AS event FROM audit_events WHERE actor_id = ${created!.id}`),
    );
    expect(audit.map((row) => row.event)).toEqual(expect.arrayContaining(['account.create', 'auth.sso', 'auth.login']));
    // It has no password anyone knows.
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'newcomer@acme.test', password: DEMO_PASSWORD },
    });
    expect(password.statusCode).toBe(400);
  });

  it("asks the account's own second factor unless the provider's amr says MFA", async () => {
    expect((await fullSignIn('twofa@acme.test', { email: 'twofa@acme.test', amr: ['pwd'] })).requireTwoFactor).toBe(
      true,
    );
    const mfa = await fullSignIn('twofa@acme.test', { email: 'twofa@acme.test', amr: ['pwd', 'otp'] });
    expect(mfa.requireTwoFactor).toBe(false);
    expect((await apiCall(ctx, 'GET', '/User/me', mfa.token)).status).toBe(200);
  });

  it("follows the organisation's MFA policy: the provider's MFA meets even a phishing-resistant one", async () => {
    const policy = (value: string) => apiCall(ctx, 'PUT', '/Organisation/mfa-policy', tokens.admin, { policy: value });
    expect((await policy('phishing-resistant')).status).toBe(200);
    try {
      const withMfa = await fullSignIn('existing@acme.test', { email: 'existing@acme.test', amr: ['mfa'] });
      expect(withMfa).toMatchObject({ requireTwoFactor: false, requireMfaSetup: false });
      expect((await apiCall(ctx, 'GET', '/User/me', withMfa.token)).status).toBe(200);
      // Without it, a person with no passkey is led to add one before anything else.
      const without = await fullSignIn('existing@acme.test', { email: 'existing@acme.test', amr: ['pwd'] });
      expect(without).toMatchObject({ requireTwoFactor: false, requireMfaSetup: true, mfaSetupMethods: ['passkey'] });
      expect((await apiCall(ctx, 'GET', '/User/me', without.token)).status).toBe(401);
    } finally {
      expect((await policy('optional')).status).toBe(200);
    }
  });

  it('does not ask for the change of a one-time password: the provider proved the person', async () => {
    await addAccount(ctx.handle.db, {
      email: 'onetime@acme.test',
      roles: ['User'],
      parentId: ids.admin,
      mustChangePassword: true,
    });
    const signedIn = await fullSignIn('onetime@acme.test', { email: 'onetime@acme.test', amr: ['mfa'] });
    expect(signedIn).toMatchObject({ requirePasswordChange: false, requireTwoFactor: false });
    expect((await apiCall(ctx, 'GET', '/User/me', signedIn.token)).status).toBe(200);
  });

  it('refuses a tampered state', async () => {
    const { callback } = await signInAtProvider(
      'existing@acme.test',
      { email: 'existing@acme.test' },
      { tamper: (url) => url.searchParams.set('state', `${url.searchParams.get('state')}x`) },
    );
    expect(callback).toBe('/sso?sso_error=expired');
  });

  it('refuses a callback in another browser, and an exchange from another browser', async () => {
    const other = await signInAtProvider(
      'existing@acme.test',
      { email: 'existing@acme.test' },
      { browser: 'c'.repeat(43) },
    );
    expect(other.callback).toBe('/sso?sso_error=other-browser');
    const { callback } = await signInAtProvider('existing@acme.test', { email: 'existing@acme.test' });
    expect((await exchange(callback!, null)).status).toBe(400);
    expect((await exchange(callback!, 'c'.repeat(43))).status).toBe(400);
    // Those tries did not spend it for the browser that started.
    expect((await exchange(callback!)).status).toBe(200);
  });

  it('refuses a provider whose discovery names another issuer', async () => {
    provider.bendDiscovery('https://impostor.example');
    const { start } = await signInAtProvider('existing@acme.test', {});
    provider.bendDiscovery(null);
    expect(start).toBe('/sso?sso_error=provider-unreachable');
  });

  it('refuses an expired ID token, an issuer mismatch and a wrong audience', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signInAtProvider('existing@acme.test', {
      email: 'existing@acme.test',
      claims: { iat: now - 7200, exp: now - 3600 },
    });
    expect(expired.callback).toBe('/sso?sso_error=invalid-response');
    const issuer = await signInAtProvider('existing@acme.test', {
      email: 'existing@acme.test',
      claims: { iss: 'https://impostor.example' },
    });
    expect(issuer.callback).toBe('/sso?sso_error=invalid-response');
    const audience = await signInAtProvider('existing@acme.test', {
      email: 'existing@acme.test',
      claims: { aud: 'someone-else' },
    });
    expect(audience.callback).toBe('/sso?sso_error=invalid-response');
    const audit = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'auth.sso' AND outcome = 'failure' AND tenant_id = ${ids.admin}`,
      ),
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it("refuses an email of a domain the organisation does not own, an unverified one, another organisation's account and an inactive one", async () => {
    expect((await signInAtProvider('existing@acme.test', { email: 'someone@elsewhere.test' })).callback).toBe(
      '/sso?sso_error=email-not-owned',
    );
    expect((await signInAtProvider('existing@acme.test', {})).callback).toBe('/sso?sso_error=email-not-owned');
    expect(
      (await signInAtProvider('existing@acme.test', { email: 'existing@acme.test', emailVerified: false })).callback,
    ).toBe('/sso?sso_error=email-unverified');
    expect((await signInAtProvider('foreign@acme.test', { email: 'foreign@acme.test' })).callback).toBe(
      '/sso?sso_error=other-organisation',
    );
    expect((await signInAtProvider('gone@acme.test', { email: 'gone@acme.test' })).callback).toBe(
      '/sso?sso_error=inactive',
    );
  });

  it('refuses a sign-in past its ten minutes, and a code past its minute', async () => {
    const start = await ctx.app.inject({
      method: 'GET',
      url: '/api/Sso/start?email=existing@acme.test',
      headers: cookieOf(BROWSER),
    });
    provider.next({ email: 'existing@acme.test' });
    const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    ctx.clock.advanceMinutes(11);
    const late = await ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: cookieOf(BROWSER),
    });
    expect(late.headers.location).toBe('/sso?sso_error=expired');
    const { callback } = await signInAtProvider('existing@acme.test', { email: 'existing@acme.test' });
    ctx.clock.advanceMinutes(2);
    expect((await exchange(callback!)).status).toBe(400);
  });

  it('sends a provider error back to the login page', async () => {
    const start = await ctx.app.inject({
      method: 'GET',
      url: '/api/Sso/start?email=existing@acme.test',
      headers: cookieOf(BROWSER),
    });
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const back = await ctx.app.inject({
      method: 'GET',
      url: `/api/Sso/callback?error=access_denied&state=${encodeURIComponent(state)}`,
      headers: cookieOf(BROWSER),
    });
    expect(back.headers.location).toBe('/sso?sso_error=provider-error');
  });
});

describe('enforcement', () => {
  it('refuses the password of an SSO domain but the break-glass Admin', async () => {
    expect(
      (
        await put(
          tokens.admin,
          settings({ clientSecret: undefined, domains: [DOMAIN], enforced: true, breakGlassAccountId: ids.breakGlass }),
        )
      ).status,
    ).toBe(200);
    const login = (email: string, password = DEMO_PASSWORD) =>
      ctx.app.inject({ method: 'POST', url: '/api/User/login', payload: { email, password } });
    const refused = await login('existing@acme.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiAnswer>().message).toBe(SSO_REQUIRED);
    // A wrong password answers as it always did: nothing is learnt without the password.
    const wrong = await login('existing@acme.test', 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect((await login('breakglass@acme.test')).statusCode).toBe(200);
    // An account of another organisation that uses the domain is not this organisation's to enforce.
    expect((await login('foreign@acme.test')).statusCode).toBe(200);
    // No reset link is mailed to an enforced account: a password would open nothing.
    const forgot = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/User/forgot-password', payload: { email } });
    expect((await forgot('existing@acme.test')).statusCode).toBe(200);
    expect((await forgot('breakglass@acme.test')).statusCode).toBe(200);
    await ctx.mail.waitFor('breakglass@acme.test', /password/i);
    expect(ctx.mail.messages.filter((m) => JSON.stringify(m.to).includes('existing@acme.test'))).toEqual([]);
    // Single sign-on still works.
    expect((await fullSignIn('existing@acme.test')).requireTwoFactor).toBe(false);
  });
});
