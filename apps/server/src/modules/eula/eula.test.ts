import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { CURRENT_EULA } from '../../core/eula';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) });

describe('the EULA', () => {
  it('serves the versioned agreement in force', async () => {
    const token = await ctx.login('user@example.com');
    const res = await ctx.app.inject({ url: '/api/User/eula', headers: bearer(token) });
    expect(res.json().data).toEqual({
      version: CURRENT_EULA.version,
      title: expect.stringContaining('License Agreement'),
      text: expect.any(String),
    });
    expect(CURRENT_EULA.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('starts unaccepted for demo accounts, and accepting records it', async () => {
    const token = await ctx.login('user@example.com');
    expect((await me(token)).json().data.isEULAAccepted).toBe(false);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/accept-eula',
      headers: bearer(token),
      payload: { version: CURRENT_EULA.version },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).json().data.isEULAAccepted).toBe(true);
    expect(ctx.logs.join('\n')).toContain('"event":"eula.accept"');
  });

  it('refuses to record a stale version', async () => {
    const token = await ctx.login('user2@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/accept-eula',
      headers: bearer(token),
      payload: { version: '1999-01-01' },
    });
    expect(res.statusCode).toBe(409);
    expect((await me(token)).json().data.isEULAAccepted).toBe(false);
  });

  it('logs a refusal', async () => {
    const token = await ctx.login('user2@example.com');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/User/decline-eula', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(ctx.logs.join('\n')).toContain('"event":"eula.decline"');
  });

  it('blocks every business call with 403 until accepted', async () => {
    const token = await ctx.login('auditor@example.com');
    const refused = await ctx.app.inject({ url: '/api/User/child-accounts', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/license agreement/);
    const accepted = await ctx.app.inject({ method: 'POST', url: '/api/User/accept-eula', headers: bearer(token) });
    expect(accepted.json()).toEqual({ success: true, data: null });
    expect((await ctx.app.inject({ url: '/api/User/child-accounts', headers: bearer(token) })).statusCode).toBe(200);
  });
});
