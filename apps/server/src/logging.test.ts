import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../test/helper';

const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

async function contextAt(level: string): Promise<TestContext> {
  const ctx = await createTestContext({ LOG_LEVEL: level });
  contexts.push(ctx);
  return ctx;
}

describe('the request log', () => {
  it('writes no line per request at the default level, so the console stays readable', async () => {
    const ctx = await contextAt('info');
    ctx.logs.length = 0;
    await ctx.app.inject('/api/health');
    await ctx.app.inject('/api/no/such/route');
    expect(ctx.logs).toEqual([]);
  });

  it('writes one line per request at debug, with the path but not the query', async () => {
    const ctx = await contextAt('debug');
    ctx.logs.length = 0;
    await ctx.app.inject('/api/User/confirm-email?token=secret-link-token');
    const lines = ctx.logs.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.req?.url).toBe('/api/User/confirm-email');
    expect(ctx.logs.join('')).not.toContain('secret-link-token');
  });
});

describe('a full journey at the most verbose level', () => {
  it('logs no password, token, code or link, and names its request on every request line and error', async () => {
    const ctx = await contextAt('trace');
    ctx.logs.length = 0;
    const secrets: string[] = [DEMO_PASSWORD];
    const post = (url: string, payload: object, token?: string) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

    // Sign-in, the EULA, the profile, a wrong password.
    const admin = await ctx.login('admin@example.com');
    secrets.push(admin);
    await post('/api/User/accept-eula', {}, admin);
    await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(admin) });
    await post('/api/User/login', { email: 'admin@example.com', password: 'wrong-password-typed-here' });
    secrets.push('wrong-password-typed-here');

    // Two-factor sign-in with the mailed code.
    const pending = (await post('/api/User/login', { email: 'secure@example.com', password: DEMO_PASSWORD })).json<{
      data: { token: string };
    }>().data.token;
    secrets.push(pending);
    const codeMail = await ctx.mail.waitFor('secure@example.com', /sign-in code/i);
    const code = /code is: ([A-Z0-9]{7})/.exec(codeMail.text)?.[1] ?? '';
    expect(code).not.toBe('');
    secrets.push(code);
    const full = (await post('/api/User/validate-2fa', { token: pending, twoFactorCode: code }, pending)).json<{
      data: { token: string };
    }>();
    secrets.push(full.data.token);

    // A reset link, used; then a password change and a child account with a generated password.
    await post('/api/User/forgot-password', { email: 'user@example.com' });
    const resetMail = await ctx.mail.waitFor('user@example.com', /reset your password/i);
    const link = new URL(/(http\S+reset-password\S+)/.exec(resetMail.text)?.[1] ?? 'http://x/');
    const resetToken = link.searchParams.get('token') ?? '';
    secrets.push(resetToken, link.toString());
    const reset = 'a reset passphrase nobody logs';
    secrets.push(reset);
    const resetAnswer = await post('/api/User/reset-password', {
      token: resetToken,
      email: 'user@example.com',
      newPassword: reset,
      confirmPassword: reset,
    });
    expect(resetAnswer.statusCode).toBe(200);
    const changed = 'a changed passphrase nobody logs';
    secrets.push(changed);
    const user = await ctx.login('user@example.com', reset);
    secrets.push(user);
    const changeAnswer = await post(
      '/api/User/change-password',
      { oldPassword: reset, newPassword: changed, confirmPassword: changed },
      user,
    );
    expect(changeAnswer.statusCode).toBe(200);
    const created = await post(
      '/api/User/create-child-account',
      { name: 'Log Test', email: 'log-test@example.com' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const detailsMail = await ctx.mail.waitFor('log-test@example.com', /confirm/i);
    const confirm = /(http\S+confirm-email\S+)/.exec(detailsMail.text)?.[1] ?? '';
    const confirmToken = new URL(confirm || 'http://x/').searchParams.get('token') ?? '';
    if (confirmToken) secrets.push(confirmToken);
    await ctx.app.inject({ method: 'GET', url: `/api/User/confirm-email?token=${confirmToken}` });
    await post('/api/User/logout', {}, admin);
    await ctx.app.close();

    const log = ctx.logs.join('');
    const leaked = secrets.filter((secret) => secret.length >= 6 && log.includes(secret));
    expect(leaked).toEqual([]);
    const lines = ctx.logs.map((line) => JSON.parse(line) as { msg: string; reqId?: string; req?: unknown });
    const requestLines = lines.filter((line) => line.req !== undefined);
    expect(requestLines.length).toBeGreaterThan(10);
    expect(requestLines.filter((line) => !line.reqId)).toEqual([]);
  });

  it('answers every error with the id its log lines carry', async () => {
    const ctx = await contextAt('debug');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/User/me',
      headers: { 'x-request-id': 'lb-1234-abcd' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('lb-1234-abcd');
    expect(res.json<{ requestId: string }>().requestId).toBe('lb-1234-abcd');
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id!' } });
    expect(mine.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.logs.some((line) => line.includes('"reqId":"lb-1234-abcd"'))).toBe(true);
  });
});
