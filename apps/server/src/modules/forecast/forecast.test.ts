import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORECAST_LIMITS, type ForecastLine, type ForecastResult } from '@portal/contracts/forecast';
import { movements } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import {
  DAY,
  issue,
  ledgerState,
  lot,
  ppuLot,
  signInTwoOrgs,
  type StockOrg,
  twoLots,
  twoStockOrgs,
  type TwoOrgTokens,
} from '../../../test/stock-fixtures';
import { allocate } from '../stock';

let ctx: TestContext;
/** A's two MBX30 lots (see twoLots). */
let lots: { soon: string; later: string };
let org: StockOrg;
let other: StockOrg;
let token: TwoOrgTokens;
type Who = keyof typeof token;

const forecast = (who: Who, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/Forecast', headers: bearer(token[who]), payload });

async function forecastOk(who: Who, payload: object): Promise<ForecastResult> {
  const res = await forecast(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ForecastResult }>().data;
}

const lineOf = (result: ForecastResult, code: string): ForecastLine => {
  const line = result.lines.find((l) => l.productCode === code);
  if (!line) throw new Error(`no line for ${code}`);
  return line;
};

/** Everything a forecast must leave as it was: stock, movement lines, movements. */
async function state(): Promise<string> {
  const [moved] = await ctx.handle.db.select({ n: count() }).from(movements);
  return `${await ledgerState(ctx.handle.db)}|${moved?.n}`;
}

const isoDay = (offsetDays: number) =>
  new Date(ctx.clock.now().getTime() + offsetDays * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  const orgs = await twoStockOrgs(db);
  ({ org, other } = orgs);
  const now = ctx.clock.now();
  // A: 15 MBX30 (5 expire in 10 days, 10 in 30 days), 20 MBX Pay-Per-Use, and 4 ARC that start in 5 days.
  lots = await twoLots(db, org, org.a, now);
  await issue(db, org, org.a, ppuLot(now, 26), now);
  await issue(db, org, org.a, lot(new Date(now.getTime() + 5 * DAY), 4, { productCode: 'ARC' }), now);
  // A's shared pool P1 (Uma is a member) gets 6 Pay-Per-Use units: what Uma's migrations draw on.
  const ppuGroup = 'MBX|Enterprise|Perpetual|-|Transactional';
  await allocate(db, {
    actorId: org.a,
    targetId: org.p1,
    isUser: false,
    items: [{ groupKey: ppuGroup, productCode: 'MBX', quantity: 6 }],
    now,
  });
  await issue(db, other, other.a, lot(now, 50), now);
  token = await signInTwoOrgs(ctx, orgs);
});
afterAll(() => ctx.close());

describe('GET /Forecast/options', () => {
  it('offers an Individual its own Default pool and the catalogue', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Forecast/options', headers: bearer(token.a) });
    expect(res.statusCode).toBe(200);
    const { pools, products } = res.json().data;
    expect(pools).toEqual([{ id: org.pool.a, name: 'Alex Admin (Individual)', poolType: 'Default', drawsFrom: true }]);
    expect(products.map((p: { code: string }) => p.code).sort()).toEqual(['ARC', 'MBX', 'PFM', 'T2T']);
  });

  it('offers a pool member its shared pool first (the one it draws from), then its own Default pool', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Forecast/options', headers: bearer(token.u1) });
    expect(res.json().data.pools).toEqual([
      { id: org.p1, name: 'Sales', poolType: 'Pool', drawsFrom: true },
      { id: org.pool.u1, name: 'Uma User (Individual)', poolType: 'Default', drawsFrom: false },
    ]);
  });
});

describe('POST /Forecast', () => {
  it('answers covered from the available units and changes nothing', async () => {
    const before = await state();
    const result = await forecastOk('a', { poolId: org.pool.a, items: [{ product: 'MBX', mailboxes: 35 }] });
    expect(result.pool).toEqual({ id: org.pool.a, name: 'Alex Admin (Individual)', poolType: 'Default' });
    expect(result.plannedDate).toBe('2026-11-21');
    expect(result.covered).toBe(true);
    expect(lineOf(result, 'MBX')).toMatchObject({
      productName: 'Mailbox Migration',
      mailboxes: 35,
      // 5 + 10 MBX30 and 20 Pay-Per-Use (6 of the 26 went to P1).
      available: 35,
      inTransit: 0,
      expiring: 0,
      usable: 35,
      covered: true,
      shortBy: 0,
      expiringLots: [],
    });
    expect(await state()).toBe(before);
  });

  it('answers short by how many, per product, and not covered overall', async () => {
    const result = await forecastOk('a', {
      poolId: org.pool.a,
      items: [
        { product: 'MBX', mailboxes: 40 },
        { product: 'pfm', mailboxes: 2 },
      ],
    });
    expect(result.covered).toBe(false);
    expect(result.mailboxes).toBe(42);
    expect(lineOf(result, 'MBX')).toMatchObject({ covered: false, shortBy: 5, usable: 35 });
    expect(lineOf(result, 'PFM')).toMatchObject({ available: 0, covered: false, shortBy: 2 });
  });

  it('leaves out, and lists, the lots that expire on or before the planned date', async () => {
    // The soon lot started 20 days ago for 30 days: it expires on 2026-12-01 at 09:00.
    const dayBefore = await forecastOk('a', {
      poolId: org.pool.a,
      plannedDate: '2026-11-30',
      items: [{ product: 'MBX', mailboxes: 35 }],
    });
    expect(lineOf(dayBefore, 'MBX')).toMatchObject({ expiring: 0, usable: 35, covered: true });

    const onExpiryDay = await forecastOk('a', {
      poolId: org.pool.a,
      plannedDate: '2026-12-01',
      items: [{ product: 'MBX', mailboxes: 31 }],
    });
    expect(lineOf(onExpiryDay, 'MBX')).toEqual({
      productCode: 'MBX',
      productName: 'Mailbox Migration',
      mailboxes: 31,
      available: 35,
      inTransit: 0,
      expiring: 5,
      notStarted: 0,
      usable: 30,
      covered: false,
      shortBy: 1,
      expiringLots: [
        {
          licenseId: lots.soon,
          edition: 'Standard',
          usageType: 'NodeLocked',
          orderId: null,
          expiryDate: '2026-12-01T09:00:00.000Z',
          units: 5,
        },
      ],
    });

    const bothGone = await forecastOk('a', {
      poolId: org.pool.a,
      plannedDate: isoDay(40),
      items: [{ product: 'MBX', mailboxes: 20 }],
    });
    expect(lineOf(bothGone, 'MBX')).toMatchObject({ expiring: 15, usable: 20, covered: true });
    expect(lineOf(bothGone, 'MBX').expiringLots.map((l) => l.licenseId)).toEqual([lots.soon, lots.later]);
  });

  it('counts a lot that has not started only from its start', async () => {
    const today = await forecastOk('a', { poolId: org.pool.a, items: [{ product: 'ARC', mailboxes: 4 }] });
    expect(lineOf(today, 'ARC')).toMatchObject({ available: 4, notStarted: 4, usable: 0, shortBy: 4 });
    const later = await forecastOk('a', {
      poolId: org.pool.a,
      plannedDate: isoDay(6),
      items: [{ product: 'ARC', mailboxes: 4 }],
    });
    expect(lineOf(later, 'ARC')).toMatchObject({ notStarted: 0, usable: 4, covered: true });
  });

  it('shows the units held by jobs in progress and does not count them', async () => {
    const before = await forecastOk('u1', { poolId: org.p1, items: [{ product: 'MBX', mailboxes: 6 }] });
    expect(lineOf(before, 'MBX')).toMatchObject({ available: 6, inTransit: 0, covered: true });

    // Uma's migration tool starts a job and one mailbox: one unit of P1 moves to in transit.
    const job = await ctx.app.inject({
      method: 'POST',
      url: '/api/Agent/jobs',
      headers: bearer(token.u1),
      payload: { machineName: 'FORECAST-01', clientKey: 'forecast', name: 'Wave 1', productCode: 'MBX' },
    });
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().data.licensing).toBe('PerMailbox');
    const mailbox = await ctx.app.inject({
      method: 'POST',
      url: `/api/Agent/jobs/${job.json().data.jobId}/mailboxes`,
      headers: bearer(token.u1),
      payload: {
        sourceMailbox: 'anna@source.example',
        sourceType: 'Exchange',
        targetMailbox: 'anna@target.example',
        destinationType: 'Microsoft 365',
      },
    });
    expect(mailbox.statusCode, mailbox.body).toBe(200);

    const after = await forecastOk('u1', { poolId: org.p1, items: [{ product: 'MBX', mailboxes: 6 }] });
    expect(lineOf(after, 'MBX')).toMatchObject({ available: 5, inTransit: 1, usable: 5, covered: false, shortBy: 1 });
  });

  it('lets a member forecast for its own Default pool too', async () => {
    const result = await forecastOk('u1', { poolId: org.pool.u1, items: [{ product: 'MBX', mailboxes: 1 }] });
    expect(result.pool.poolType).toBe('Default');
    expect(lineOf(result, 'MBX')).toMatchObject({ available: 0, shortBy: 1 });
  });

  it("refuses a pool the caller does not draw from, like the pool routes do (404): another organisation's, a pool it only owns, another account's", async () => {
    const body = (poolId: string) => ({ poolId, items: [{ product: 'MBX', mailboxes: 1 }] });
    for (const [who, poolId] of [
      ['a', other.pool.a],
      ['otherAdmin', org.pool.a],
      ['a', org.p1],
      ['a', org.pool.u2],
      ['u2', org.pool.a],
      ['u2', org.p1],
      ['b', org.pool.a],
      ['a', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await forecast(who, body(poolId));
      expect(res.statusCode, `${who} ${poolId}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'No such pool.' });
      expect(res.body).not.toContain('units');
    }
  });

  it('is not open to Auditors and SuperAdmins (403)', async () => {
    for (const who of ['auditor', 'superAdmin'] as const) {
      const res = await forecast(who, { poolId: org.pool.a, items: [{ product: 'MBX', mailboxes: 1 }] });
      expect(res.statusCode).toBe(403);
      const options = await ctx.app.inject({
        method: 'GET',
        url: '/api/Forecast/options',
        headers: bearer(token[who]),
      });
      expect(options.statusCode).toBe(403);
    }
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const before = await state();
    const cases: [object, string, string][] = [
      [{ items: [{ product: 'MBX', mailboxes: 0 }] }, 'items.0.mailboxes', 'Mailboxes must be at least 1'],
      [{ items: [{ product: 'MBX', mailboxes: 1.5 }] }, 'items.0.mailboxes', 'Mailboxes must be a whole number'],
      [{ items: [{ product: 'MBX', mailboxes: '3' }] }, 'items.0.mailboxes', 'Mailboxes must be a whole number'],
      [
        { items: [{ product: 'MBX', mailboxes: 1_000_001 }] },
        'items.0.mailboxes',
        'Mailboxes must be at most 1,000,000',
      ],
      [{ items: [{ product: 'XYZ', mailboxes: 1 }] }, 'items.0.product', 'Unknown product: XYZ'],
      [{ items: [{ product: '', mailboxes: 1 }] }, 'items.0.product', 'Choose a product'],
      [
        {
          items: [
            { product: 'MBX', mailboxes: 1 },
            { product: 'mbx', mailboxes: 2 },
          ],
        },
        'items',
        'Each product can be listed once',
      ],
      [{ items: [] }, 'items', 'Enter mailboxes for at least one product or upload a CSV file'],
      [
        { plannedDate: '2026-11-20', items: [{ product: 'MBX', mailboxes: 1 }] },
        'plannedDate',
        'Planned date cannot be in the past',
      ],
      [
        { plannedDate: '2026-02-30', items: [{ product: 'MBX', mailboxes: 1 }] },
        'plannedDate',
        'Planned date must be a date (YYYY-MM-DD)',
      ],
      [
        { plannedDate: '21/12/2026', items: [{ product: 'MBX', mailboxes: 1 }] },
        'plannedDate',
        'Planned date must be a date (YYYY-MM-DD)',
      ],
      [
        { plannedDate: '2040-01-01', items: [{ product: 'MBX', mailboxes: 1 }] },
        'plannedDate',
        'Planned date must be within 10 years',
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await forecast('a', { poolId: org.pool.a, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors, JSON.stringify(extra)).toContainEqual({ field, message });
    }
    const noPool = await forecast('a', { items: [{ product: 'MBX', mailboxes: 1 }] });
    expect(noPool.statusCode).toBe(400);
    expect(noPool.json().errors).toContainEqual({ field: 'poolId', message: 'Choose a pool' });
    const unknownField = await forecast('a', {
      poolId: org.pool.a,
      items: [{ product: 'MBX', mailboxes: 1 }],
      dryRun: false,
    });
    expect(unknownField.statusCode).toBe(400);
    expect(await state()).toBe(before);
  });
});

describe('POST /Forecast with a CSV file of mailboxes', () => {
  const csvForecast = (csv: string, items: object[] = []) => forecast('a', { poolId: org.pool.a, items, csv });

  it('counts one mailbox a row per product (code or name, any case), adding the typed rows', async () => {
    const before = await state();
    const csv =
      '\uFEFFDisplay Name,Mailbox,Product\r\n' +
      'Anna,anna@contoso.com,MBX\r\n' +
      '"Boyd, Ben",ben@contoso.com,mailbox migration\r\n' +
      '\r\n' +
      'Archive,sales-archive@contoso.com,ARC\r\n';
    const res = await csvForecast(csv, [{ product: 'MBX', mailboxes: 3 }]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ data: ForecastResult }>().data;
    expect(result.csvMailboxes).toBe(3);
    expect(result.mailboxes).toBe(6);
    expect(lineOf(result, 'MBX').mailboxes).toBe(5);
    expect(lineOf(result, 'ARC').mailboxes).toBe(1);
    expect(await state()).toBe(before);
  });

  it('reads a file whose cells are separated by semicolons', async () => {
    const res = await csvForecast('product;mailbox\nMBX;a@contoso.com\nMBX;b@contoso.com\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(lineOf(res.json().data, 'MBX').mailboxes).toBe(2);
  });

  it('refuses the whole file and names each bad row by its number', async () => {
    const before = await state();
    const csv = [
      'mailbox,product',
      'anna@contoso.com,MBX',
      'ben@contoso.com,XYZ',
      ',MBX',
      'ANNA@contoso.com,mbx',
      'carl@contoso.com,',
      'dora@contoso.com,ARC',
    ].join('\n');
    const res = await csvForecast(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The CSV file has 4 rows with errors: nothing was counted.',
      errors: [
        { field: 'csv', message: 'Row 3: unknown product "XYZ".' },
        { field: 'csv', message: 'Row 4: the mailbox is empty.' },
        { field: 'csv', message: 'Row 5: ANNA@contoso.com is already listed for MBX on row 2.' },
        { field: 'csv', message: 'Row 6: the product is empty.' },
      ],
    });
    expect(await state()).toBe(before);
  });

  it('names the row of a broken quote, and a missing header', async () => {
    const quote = await csvForecast('mailbox,product\nanna@contoso.com,MBX\n"ben@contoso.com,MBX\n');
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toBe('The CSV file could not be read.');
    expect(quote.json().errors[0].message).toMatch(/^Row \d+: a quoted cell is not closed/);

    const header = await csvForecast('anna@contoso.com,MBX\nben@contoso.com,MBX\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().errors).toEqual([
      { field: 'csv', message: 'Row 1: the first row must name the columns "mailbox" and "product".' },
    ]);

    const empty = await csvForecast('mailbox,product\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The CSV file lists no mailboxes.');
  });

  it('refuses a file over the row or size limit', async () => {
    const rows = (n: number) =>
      `mailbox,product\n${Array.from({ length: n }, (_, i) => `m${i}@contoso.com,MBX`).join('\n')}\n`;
    const tooMany = await csvForecast(rows(FORECAST_LIMITS.maxCsvRows + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toContainEqual({
      field: 'csv',
      message: 'The CSV file must list at most 20,000 mailboxes',
    });
    const atLimit = await csvForecast(rows(FORECAST_LIMITS.maxCsvRows));
    expect(atLimit.statusCode, atLimit.body.slice(0, 200)).toBe(200);
    expect(lineOf(atLimit.json().data, 'MBX').mailboxes).toBe(FORECAST_LIMITS.maxCsvRows);

    const tooLarge = await csvForecast(`mailbox,product\n${'x'.repeat(FORECAST_LIMITS.maxCsvBytes)},MBX\n`);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors).toContainEqual({ field: 'csv', message: 'The CSV file must be at most 1 MB' });
  });
});
