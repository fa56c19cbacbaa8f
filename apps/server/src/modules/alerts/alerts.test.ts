import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertSettings } from '@portal/contracts/alerts';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { acceptEula, addAccount } from '../../../test/fixtures';

/** Settings → Alerts through the API (decision 027): who may, what is kept, what is refused. */
let ctx: TestContext;
const tokens = { admin: '', fresh: '', auditor: '', user: '', superAdmin: '' };

async function get(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/Alerts/settings', headers: bearer(token) });
}

async function put(token: string, payload: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/Alerts/settings',
    headers: bearer(token),
    payload: payload as object,
  });
}

const thresholdOf = (settings: AlertSettings, code: string) =>
  settings.thresholds.find((row) => row.productCode === code)?.threshold;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, ['admin@example.com', 'auditor@example.com', 'user@example.com', 'superadmin@example.com']);
  await addAccount(db, { email: 'alerts.fresh@example.com', roles: ['Admin'] });
  tokens.admin = await ctx.login('admin@example.com');
  tokens.fresh = await ctx.login('alerts.fresh@example.com');
  tokens.auditor = await ctx.login('auditor@example.com');
  tokens.user = await ctx.login('user@example.com');
  tokens.superAdmin = await ctx.login('superadmin@example.com');
});
afterAll(() => ctx.close());

describe('GET /Alerts/settings', () => {
  it("answers the server's default window and every product at 0 for an Admin that saved nothing", async () => {
    const res = await get(tokens.fresh);
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json<{ data: AlertSettings }>().data;
    expect(settings.expiryWindowDays).toBe(30);
    expect(settings.expiryWindowIsDefault).toBe(true);
    expect(settings.thresholds.map((row) => row.productCode).sort()).toEqual(['ARC', 'MBX', 'PFM', 'T2T']);
    expect(settings.thresholds.every((row) => row.threshold === 0)).toBe(true);
    expect(settings.thresholds.find((row) => row.productCode === 'MBX')?.productName).toBe('Mailbox Migration');
  });

  it("shows the demo Admin's seeded thresholds", async () => {
    const settings = (await get(tokens.admin)).json<{ data: AlertSettings }>().data;
    expect(thresholdOf(settings, 'PFM')).toBe(100);
    expect(thresholdOf(settings, 'MBX')).toBe(50);
    expect(thresholdOf(settings, 'ARC')).toBe(0);
  });

  it.each([
    ['an Auditor', 'auditor'],
    ['a User', 'user'],
    ['a SuperAdmin', 'superAdmin'],
  ] as const)('refuses %s', async (_who, key) => {
    expect((await get(tokens[key])).statusCode).toBe(403);
    expect((await put(tokens[key], { expiryWindowDays: 10, thresholds: [] })).statusCode).toBe(403);
  });
});

describe('PUT /Alerts/settings', () => {
  it('saves the window and the thresholds, answers them, and keeps them for the next read', async () => {
    const res = await put(tokens.fresh, {
      expiryWindowDays: 45,
      thresholds: [
        { productCode: 'ARC', threshold: 12 },
        { productCode: 'T2T', threshold: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe('Alert settings saved.');
    const answered = res.json<{ data: AlertSettings }>().data;
    const read = (await get(tokens.fresh)).json<{ data: AlertSettings }>().data;
    expect(read).toEqual(answered);
    expect(read.expiryWindowDays).toBe(45);
    expect(read.expiryWindowIsDefault).toBe(false);
    expect(thresholdOf(read, 'ARC')).toBe(12);
    expect(thresholdOf(read, 'T2T')).toBe(0);
    // Each Admin has its own: the demo Admin's are untouched.
    expect(thresholdOf((await get(tokens.admin)).json<{ data: AlertSettings }>().data, 'ARC')).toBe(0);
  });

  it('replaces the whole set: a product left out has no threshold any more', async () => {
    expect(
      (await put(tokens.fresh, { expiryWindowDays: 45, thresholds: [{ productCode: 'MBX', threshold: 3 }] }))
        .statusCode,
    ).toBe(200);
    const read = (await get(tokens.fresh)).json<{ data: AlertSettings }>().data;
    expect(thresholdOf(read, 'ARC')).toBe(0);
    expect(thresholdOf(read, 'MBX')).toBe(3);
  });

  it.each([
    [{ expiryWindowDays: 0, thresholds: [] }, 'expiryWindowDays', 'The expiry window must be from 1 to 365 days'],
    [{ expiryWindowDays: 366, thresholds: [] }, 'expiryWindowDays', 'The expiry window must be from 1 to 365 days'],
    [{ expiryWindowDays: 1.5, thresholds: [] }, 'expiryWindowDays', 'The expiry window must be a whole number of days'],
    [{ expiryWindowDays: '30', thresholds: [] }, 'expiryWindowDays', 'Enter the number of days, from 1 to 365'],
    [
      { expiryWindowDays: 30, thresholds: [{ productCode: 'MBX', threshold: -1 }] },
      'thresholds.0.threshold',
      'A threshold must be 0 or more',
    ],
    [
      { expiryWindowDays: 30, thresholds: [{ productCode: 'MBX', threshold: 2.5 }] },
      'thresholds.0.threshold',
      'A threshold must be a whole number',
    ],
    [
      { expiryWindowDays: 30, thresholds: [{ productCode: 'MBX', threshold: 99_999_999 }] },
      'thresholds.0.threshold',
      'A threshold must be at most 1,000,000',
    ],
    [
      {
        expiryWindowDays: 30,
        thresholds: [
          { productCode: 'MBX', threshold: 1 },
          { productCode: 'MBX', threshold: 2 },
        ],
      },
      'thresholds.1.productCode',
      'Each product can have one threshold only',
    ],
    [
      { expiryWindowDays: 30, thresholds: [{ productCode: 'NOPE', threshold: 1 }] },
      'thresholds.0.productCode',
      'Unknown product',
    ],
  ])('refuses %j, naming %s, and changes nothing', async (payload, field, message) => {
    const before = (await get(tokens.fresh)).json<{ data: AlertSettings }>().data;
    const res = await put(tokens.fresh, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: { field: string; message: string }[] }>().errors).toContainEqual({ field, message });
    expect((await get(tokens.fresh)).json<{ data: AlertSettings }>().data).toEqual(before);
  });
});
