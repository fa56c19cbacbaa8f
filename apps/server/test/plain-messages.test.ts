import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from './helper';
import { acceptEula } from './fixtures';

/**
 * Over-long, fractional and mistyped input to several routes: every 400 speaks plainly, never in
 * the schema library's own words (packages/contracts/src/plain-errors.ts).
 */
let ctx: TestContext;
let admin: string;
let user: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['admin@example.com', 'user@example.com']);
  admin = await ctx.login('admin@example.com');
  user = await ctx.login('user@example.com');
});
afterAll(() => ctx.close());

const RAW = /expected|Too big|Too small|Invalid input:|received|<=|>=/;
const LONG = 'x'.repeat(5_000);

describe('validation messages over HTTP', () => {
  it.each([
    [
      'agent job name too long',
      'POST',
      '/api/Agent/jobs',
      'user',
      { machineName: 'PC-1', clientKey: 'k', name: LONG, productCode: 'MBX' },
    ],
    ['agent machine name not text', 'POST', '/api/Agent/machines', 'user', { name: 12 }],
    [
      'child account name too long',
      'POST',
      '/api/User/create-child-account',
      'admin',
      { name: LONG, email: 'a@example.com' },
    ],
    [
      'forecast mailboxes fractional',
      'POST',
      '/api/Forecast',
      'user',
      { poolId: '00000000-0000-4000-8000-000000000000', items: [{ product: 'MBX', mailboxes: 1.5 }] },
    ],
    ['page size fractional', 'GET', '/api/LicensePool?pageSize=1.5', 'admin', undefined],
    ['page number a word', 'GET', '/api/User/child-accounts?pageNumber=abc', 'admin', undefined],
    ['search too long', 'GET', `/api/LicensePool?search=${'y'.repeat(300)}`, 'admin', undefined],
    ['report page fractional', 'POST', '/api/Report', 'user', { reportType: 'Job', pageNumber: 2.5, pageSize: 10 }],
  ])('%s', async (_name, method, url, who, payload) => {
    const res = await ctx.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: bearer(who === 'admin' ? admin : user),
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors?: { field: string; message: string }[] }>();
    const messages = [body.message, ...(body.errors ?? []).map((e) => e.message)];
    for (const message of messages) expect(message).not.toMatch(RAW);
  });

  it('says which field and which limit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Agent/jobs',
      headers: bearer(user),
      payload: { machineName: 'PC-1', clientKey: 'k', name: LONG, productCode: 'MBX' },
    });
    expect(res.json().errors).toEqual([{ field: 'name', message: 'Name must be at most 200 characters' }]);
  });
});
