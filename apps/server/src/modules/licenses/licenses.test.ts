import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_MSG } from '@portal/contracts/licenses';
import { MSG } from '@portal/contracts/messages';
import { acceptEula, addAccount, idOf } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { accountTokens, accounts, auditEvents, licenses, movements, pools, stock } from '../../db/schema';
import { consume, findLedgerViolations, reserve } from '../stock';
import { NOT_TO_YOURSELF, NOT_YOUR_USER, OUTSIDE_ORGANISATION } from './licenses.service';

const DAY_MS = 86_400_000;
let ctx: TestContext;
let tokens: Record<'superAdmin' | 'admin' | 'auditor' | 'user' | 'otherAdmin' | 'childAdmin', string>;
let ids: { admin: string; otherAdmin: string; childAdmin: string; grandchild: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, ['superadmin@example.com', 'admin@example.com', 'auditor@example.com', 'user@example.com']);
  const admin = await idOf(db, 'admin@example.com');
  const otherAdmin = await addAccount(db, { email: 'other.admin@example.com', name: 'Olive Other', roles: ['Admin'] });
  const childAdmin = await addAccount(db, {
    email: 'child.admin@example.com',
    name: 'Chris Child',
    roles: ['Admin'],
    parentId: admin,
  });
  const grandchild = await addAccount(db, { email: 'grandchild@example.com', roles: ['User'], parentId: childAdmin });
  ids = { admin, otherAdmin, childAdmin, grandchild };
  tokens = {
    superAdmin: await ctx.login('superadmin@example.com'),
    admin: await ctx.login('admin@example.com'),
    auditor: await ctx.login('auditor@example.com'),
    user: await ctx.login('user@example.com'),
    otherAdmin: await ctx.login('other.admin@example.com'),
    childAdmin: await ctx.login('child.admin@example.com'),
  };
});
afterAll(() => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/License', headers: bearer(token), payload });
/** The test clock's start (test/helper.ts) and the seed's "now"; the file moves the clock by a minute only. */
const NOW = Date.parse('2026-11-21T09:00:00.000Z');
const day = (offset: number) => new Date(NOW + offset * DAY_MS).toISOString();

/** A valid perpetual request; tests change one thing at a time. */
const perpetual = (overrides: object = {}) => ({
  productCode: 'MBX',
  licenseTypeName: 'Standard',
  durationType: 'Perpetual',
  usageType: 'NodeLockedForever',
  customerEmail: 'customer@example.com',
  customerName: 'Casey Customer',
  startDate: day(0),
  totalCount: 5,
  ...overrides,
});

/** Everything Create License may change. */
async function ledgerState() {
  const db = ctx.handle.db;
  const [lots] = await db.select({ n: count() }).from(licenses);
  const [moves] = await db.select({ n: count() }).from(movements);
  const [people] = await db.select({ n: count() }).from(accounts);
  const rows = await db.select().from(stock).orderBy(stock.poolId, stock.licenseId);
  // A validation mail goes with its token: no new token, no mail.
  const [mailTokens] = await db.select({ n: count() }).from(accountTokens);
  return JSON.stringify({ lots, moves, people, rows, mailTokens });
}

async function heldBy(email: string) {
  const res = await get(
    `/api/LicenseUsageReport?pageSize=125&SearchTerm=${encodeURIComponent(email)}`,
    tokens.superAdmin,
  );
  return res.json().data as { productCode: string; availableLicenses: number; totalLicenses: number }[];
}

describe('GET /api/LicenseUsageReport', () => {
  it('lists what each account holds per product, by account then product name, for the SuperAdmin only', async () => {
    const res = await get('/api/LicenseUsageReport', tokens.superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageInfo).toEqual({ pageNumber: 1, pageSize: 25, totalCount: 5, totalPages: 1 });
    // admin@ holds 450 perpetual + 1000 Pay-Per-Use MBX, 180 ARC, 50 PFM; its expired T2T lot counts for nothing.
    // Of the MBX, its Sales Team pool bound one unit to a machine in the demo's migrations (secure@),
    // and admin@'s per-mailbox jobs consumed 15 Pay-Per-Use units.
    expect(body.data.map((r: Record<string, unknown>) => [r.accountEmail, r.productCode, r.totalLicenses])).toEqual([
      ['admin@example.com', 'ARC', 180],
      ['admin@example.com', 'MBX', 1450],
      ['admin@example.com', 'PFM', 50],
      ['user@example.com', 'ARC', 20],
      ['user@example.com', 'MBX', 50],
    ]);
    expect(body.data[1]).toEqual({
      accountId: ids.admin,
      accountName: 'Alex Admin',
      accountEmail: 'admin@example.com',
      productCode: 'MBX',
      productName: 'Mailbox Migration',
      totalLicenses: 1450,
      consumedLicenses: 16,
      availableLicenses: 1434,
      inTransitLicenses: 0,
    });
  });

  it('searches account and product, filters by product code, pages, and takes % literally', async () => {
    const rows = async (query: string) =>
      (await get(`/api/LicenseUsageReport?${query}`, tokens.superAdmin))
        .json()
        .data.map((r: { accountEmail: string; productCode: string }) => `${r.accountEmail} ${r.productCode}`);
    expect(await rows('SearchTerm=UMA')).toEqual(['user@example.com ARC', 'user@example.com MBX']);
    expect(await rows('SearchTerm=archive')).toEqual(['admin@example.com ARC', 'user@example.com ARC']);
    expect(await rows('filters=productCode:mbx')).toEqual(['admin@example.com MBX', 'user@example.com MBX']);
    expect(await rows('filters=productCode:MBX&filters=productCode:PFM&SearchTerm=alex')).toEqual([
      'admin@example.com MBX',
      'admin@example.com PFM',
    ]);
    expect(await rows('SearchTerm=%25')).toEqual([]);
    const page = (await get('/api/LicenseUsageReport?pageNumber=2&pageSize=2', tokens.superAdmin)).json();
    expect(page.pageInfo).toEqual({ pageNumber: 2, pageSize: 2, totalCount: 5, totalPages: 3 });
    expect(page.data.map((r: { productCode: string }) => r.productCode)).toEqual(['PFM', 'ARC']);
  });

  it('refuses a bad filter or page size, and every role but SuperAdmin', async () => {
    const bad = await get('/api/LicenseUsageReport?filters=accountName:x', tokens.superAdmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('A filter column is one of productCode');
    expect((await get('/api/LicenseUsageReport?pageSize=126', tokens.superAdmin)).statusCode).toBe(400);
    for (const token of [tokens.admin, tokens.auditor, tokens.user]) {
      expect((await get('/api/LicenseUsageReport', token)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/License/products', () => {
  it('answers the catalogue to every reader of licenses', async () => {
    const res = await get('/api/License/products', tokens.auditor);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { code: string }) => p.code)).toEqual(['ARC', 'MBX', 'PFM', 'T2T']);
    expect(res.json().data[1]).toMatchObject({ name: 'Mailbox Migration', editions: ['Standard', 'Enterprise'] });
    expect((await get('/api/License/products', tokens.user)).statusCode).toBe(403);
  });
});

describe('GET /api/License', () => {
  it('shows an Admin and its Auditor the lots of their organisation, newest first, paged', async () => {
    for (const token of [tokens.admin, tokens.auditor]) {
      const res = await get('/api/License?pageSize=2', token);
      expect(res.statusCode).toBe(200);
      expect(res.json().pageInfo).toEqual({ pageNumber: 1, pageSize: 2, totalCount: 5, totalPages: 3 });
    }
    const all = (await get('/api/License?pageSize=50', tokens.admin)).json().data;
    expect(all[0]).toMatchObject({
      productName: expect.any(String),
      customer: { name: 'Alex Admin', email: 'admin@example.com' },
    });
    expect((await get('/api/License?pageSize=51', tokens.admin)).statusCode).toBe(400);
    expect((await get('/api/License', tokens.user)).statusCode).toBe(403);
  });

  it('searches product, customer and order id, filters by the computed status, and takes % literally', async () => {
    const orders = async (query: string) =>
      (await get(`/api/License?${query}`, tokens.admin))
        .json()
        .data.map((l: { orderId: string }) => l.orderId)
        .sort();
    expect(await orders('search=demo-1002')).toEqual(['DEMO-1002']);
    expect(await orders('search=public folder')).toEqual(['DEMO-1003']);
    expect(await orders('search=T2T')).toEqual(['DEMO-1004']);
    expect((await orders('search=alex')).length).toBe(5);
    expect(await orders('search=%25')).toEqual([]);
    expect(await orders('status=Expired')).toEqual(['DEMO-1004']);
    expect(await orders('status=Exhausted')).toEqual([]);
    expect((await orders('status=Active')).length).toBe(4);
    expect((await get('/api/License?status=Gone', tokens.admin)).statusCode).toBe(400);
  });

  it("hides another organisation's lots, and shows a child Admin the lots it holds units of", async () => {
    expect((await get('/api/License', tokens.otherAdmin)).json().pageInfo.totalCount).toBe(0);
    expect((await get('/api/License', tokens.childAdmin)).json().pageInfo.totalCount).toBe(0);
    // Later than the seeded lots, so that it comes first.
    ctx.clock.advanceMinutes(1);
    const issued = await post(
      tokens.superAdmin,
      perpetual({ customerEmail: 'other.admin@example.com', totalCount: 3 }),
    );
    expect(issued.statusCode).toBe(200);
    const other = (await get('/api/License', tokens.otherAdmin)).json();
    expect(other.data.map((l: { id: string }) => l.id)).toEqual([issued.json().data.licenseId]);
    const mine = (await get('/api/License?pageSize=50', tokens.admin)).json().data.map((l: { id: string }) => l.id);
    expect(mine).not.toContain(issued.json().data.licenseId);

    const handed = await post(tokens.admin, perpetual({ customerEmail: 'child.admin@example.com', totalCount: 2 }));
    expect(handed.statusCode).toBe(200);
    // An Admin's Create License is a lot of the child's own, drawn from admin@'s (decision 029).
    const child = (await get('/api/License', tokens.childAdmin)).json();
    expect(child.data.map((l: { id: string }) => l.id)).toEqual([handed.json().data.licenseId]);
    const superAll = (await get('/api/License?pageSize=50', tokens.superAdmin)).json();
    expect(superAll.pageInfo.totalCount).toBe(7);
    expect(
      superAll.data
        .slice(0, 2)
        .map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual([issued.json().data.licenseId, handed.json().data.licenseId].sort());
  });
});

describe('POST /api/License: validation', () => {
  const cases: [string, object, string, string][] = [
    ['an empty product code', { productCode: ' ' }, 'productCode', MSG.productCodeRequired],
    ['an empty edition', { licenseTypeName: '' }, 'licenseTypeName', LICENSE_MSG.editionRequired],
    ['an empty email', { customerEmail: '' }, 'customerEmail', MSG.emailRequired],
    ['an invalid email', { customerEmail: 'nope' }, 'customerEmail', MSG.emailInvalid],
    ['an empty name', { customerName: ' ' }, 'customerName', MSG.nameRequired],
    ['no start date', { startDate: undefined }, 'startDate', LICENSE_MSG.startDateRequired],
    ['a date before 1900', { startDate: '1899-12-31T00:00:00.000Z' }, 'startDate', LICENSE_MSG.dateTooEarly],
    [
      'an expiry before the start',
      { durationType: 'Fixed', usageType: 'NodeLocked', expiryDate: day(-1) },
      'expiryDate',
      LICENSE_MSG.expiryAfterStart,
    ],
    [
      'a fixed lot without end',
      { durationType: 'Fixed', usageType: 'NodeLocked' },
      'duration',
      LICENSE_MSG.fixedNeedsEnd,
    ],
    ['a perpetual lot with an expiry', { expiryDate: day(10) }, 'expiryDate', LICENSE_MSG.perpetualHasNoEnd],
    ['a perpetual lot with a duration', { duration: 10 }, 'duration', LICENSE_MSG.perpetualHasNoEnd],
    [
      'disagreeing duration and expiry',
      { durationType: 'Fixed', usageType: 'NodeLocked', duration: 30, expiryDate: day(10) },
      'duration',
      LICENSE_MSG.durationMismatch,
    ],
    [
      'a zero duration',
      { durationType: 'Fixed', usageType: 'NodeLocked', duration: 0 },
      'duration',
      LICENSE_MSG.durationMin,
    ],
    ['a zero count', { totalCount: 0 }, 'totalCount', LICENSE_MSG.totalCountMin],
    ['a negative floating limit', { floatingTimeLimit: -1 }, 'floatingTimeLimit', LICENSE_MSG.floatingMin],
    ['NodeLocked perpetual', { usageType: 'NodeLocked' }, 'usageType', LICENSE_MSG.usageNeedsFixed],
    [
      'NodeLockedForever fixed',
      { durationType: 'Fixed', usageType: 'NodeLockedForever', duration: 30 },
      'usageType',
      LICENSE_MSG.usageNeedsPerpetual,
    ],
    ['an unknown product', { productCode: 'XYZ' }, 'productCode', 'Unknown product code XYZ.'],
    [
      'an edition not in the catalogue',
      { productCode: 'PFM', licenseTypeName: 'Enterprise' },
      'licenseTypeName',
      'Public Folder Migration has no edition Enterprise.',
    ],
  ];

  it.each(cases)(
    'refuses %s with a 400 naming the field, and changes nothing',
    async (_name, change, field, message) => {
      const before = await ledgerState();
      for (const token of [tokens.superAdmin, tokens.admin]) {
        const res = await post(token, perpetual(change));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({ field, message });
      }
      expect(await ledgerState()).toBe(before);
    },
  );

  it('refuses Auditors and Users (403), changing nothing', async () => {
    const before = await ledgerState();
    for (const token of [tokens.auditor, tokens.user]) expect((await post(token, perpetual())).statusCode).toBe(403);
    expect(await ledgerState()).toBe(before);
  });
});

describe('POST /api/License as SuperAdmin', () => {
  it('issues a lot to a new customer, created as a top-level Admin who is mailed to confirm, then signs in', async () => {
    const res = await post(
      tokens.superAdmin,
      perpetual({
        customerEmail: 'New.Customer@example.com',
        customerName: 'Nina New',
        totalCount: 40,
        orderId: 'PO-9',
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('License created successfully');
    expect(body.data).toMatchObject({
      licenseId: expect.any(String),
      groupKey: 'MBX|Standard|Perpetual|-|NodeLockedForever',
      customerCreated: true,
      quantity: 40,
    });
    const [account] = await ctx.handle.db.select().from(accounts).where(eq(accounts.id, body.data.customerId));
    expect(account).toMatchObject({ name: 'Nina New', roles: ['Admin'], parentId: null, emailValidatedAt: null });
    expect(await heldBy('New.Customer')).toMatchObject([{ productCode: 'MBX', availableLicenses: 40 }]);

    const mail = await ctx.mail.waitFor('New.Customer@example.com', /confirm your email/i);
    const link = new URL(/(http\S+confirm-email\S+)/.exec(mail.text)?.[1] ?? '');
    expect(link.searchParams.get('p')).toBe('confirm-email');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/confirm-email',
      payload: { token: link.searchParams.get('token') },
    });
    expect(confirmed.statusCode).toBe(200);
    const details = await ctx.mail.waitFor('New.Customer@example.com', /sign-in details/i);
    expect(details.text).toMatch(/Download the migration software: http/);
    const password = /One-time password: (\S+)/.exec(details.text)?.[1] ?? '';
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'new.customer@example.com', password },
    });
    expect(login.json().data.requirePasswordChange).toBe(true);
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });

  it('writes customer, mail and lot together: when the mail cannot be stored, none of them exists', async () => {
    const db = ctx.handle.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_license_mail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_license_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_license_mail()',
      ),
    );
    const before = await ledgerState();
    for (const token of [tokens.superAdmin, tokens.admin]) {
      expect((await post(token, perpetual({ customerEmail: 'no.mail@example.com' }))).statusCode).toBe(500);
    }
    await db.execute(sql.raw('DROP TRIGGER refuse_license_mail ON mail_outbox'));
    expect(await ledgerState()).toBe(before);
  });

  it('issues to an existing account found case-insensitively, creating nobody', async () => {
    const before = await heldBy('user@example.com');
    const res = await post(
      tokens.superAdmin,
      perpetual({
        customerEmail: 'USER@example.com',
        productCode: 'T2T',
        durationType: 'Fixed',
        usageType: 'NodeLocked',
        duration: 30,
        totalCount: 7,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      customerCreated: false,
      customerId: await idOf(ctx.handle.db, 'user@example.com'),
    });
    expect(await heldBy('user@example.com')).toHaveLength(before.length + 1);
    const [lot] = await ctx.handle.db.select().from(licenses).where(eq(licenses.id, res.json().data.licenseId));
    expect(lot?.expiryDate?.toISOString()).toBe(day(30));
  });
});

describe('POST /api/License as Admin (decision 029: a new lot drawn from a held lot)', () => {
  interface Issuable {
    licenseId: string;
    productCode: string;
    edition: string;
    usageType: string;
    durationType: string;
    available: number;
    startDate: string;
    expiryDate: string | null;
  }
  const issuable = async (token = tokens.admin) =>
    (await get('/api/License/issuable', token)).json().data as Issuable[];
  /** admin@'s seeded 365-day ARC lot: started 10 days ago, so it ends in 355 days. */
  const arcLot = async () => (await issuable()).find((l) => l.productCode === 'ARC')!;
  const dd = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const arc = (sourceLicenseId: string, change: object = {}) =>
    perpetual({
      sourceLicenseId,
      customerEmail: 'user2@example.com',
      productCode: 'ARC',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      startDate: day(0),
      duration: 30,
      totalCount: 2,
      ...change,
    });

  it('lists the lots it can issue from: started, not expired, with units, and only to Admins', async () => {
    const lots = await issuable();
    expect(lots.map((l) => l.productCode).sort()).toEqual(['ARC', 'MBX', 'MBX', 'PFM']);
    const source = await arcLot();
    expect(source).toMatchObject({ edition: 'Standard', usageType: 'NodeLocked', startDate: day(-10) });
    expect(source.expiryDate).toBe(day(355));
    expect((await get('/api/License/issuable', tokens.auditor)).statusCode).toBe(403);
    expect((await get('/api/License/issuable', tokens.superAdmin)).statusCode).toBe(403);
  });

  it('issues a 30-day lot from its 365-day lot to a new customer: in its list and CSV, the ledger whole', async () => {
    const source = await arcLot();
    const res = await post(
      tokens.admin,
      arc(source.licenseId, { customerEmail: 'fresh.child@example.com', customerName: 'Fresh Child', totalCount: 10 }),
    );
    expect(res.statusCode).toBe(200);
    const created = res.json().data as { licenseId: string; sourceLicenseId: string; groupKey: string };
    expect(created).toMatchObject({
      sourceLicenseId: source.licenseId,
      groupKey: 'ARC|Standard|Fixed|30|NodeLocked',
      customerCreated: true,
      quantity: 10,
    });
    expect(created.licenseId).toEqual(expect.any(String));
    const [account] = await ctx.handle.db.select().from(accounts).where(eq(accounts.email, 'fresh.child@example.com'));
    expect(account).toMatchObject({ roles: ['Admin'], parentId: ids.admin });
    const [lot] = await ctx.handle.db.select().from(licenses).where(eq(licenses.id, created.licenseId));
    expect(lot).toMatchObject({ parentLicenseId: source.licenseId, customerId: account!.id, totalCount: 10 });
    expect((await arcLot()).available).toBe(source.available - 10);
    const listed = (await get('/api/License?search=fresh.child', tokens.admin)).json().data as {
      id: string;
      expiryDate: string;
      duration: number;
      totalCount: number;
    }[];
    expect(listed).toMatchObject([
      {
        id: created.licenseId,
        duration: 30,
        totalCount: 10,
        expiryDate: day(30),
        issuedBy: { email: 'admin@example.com' },
      },
    ]);
    const sourceRow = (await get('/api/License?search=DEMO-1002', tokens.admin)).json().data as { issuedBy: unknown }[];
    expect(sourceRow).toMatchObject([{ issuedBy: null }]);
    const csv = await get('/api/License/export?search=fresh.child', tokens.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('fresh.child@example.com');
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    expect(csv.body.trim().split('\n')[1]).toMatch(/,admin@example\.com$/);
    const [issue] = await ctx.handle.db.select().from(movements).where(eq(movements.targetId, account!.id));
    expect(issue).toMatchObject({ action: 'Issue', quantity: 10, actorId: ids.admin, groupKey: created.groupKey });
    await ctx.mail.waitFor('fresh.child@example.com', /confirm your email/i);
    // The audit line of the issue names the new lot and the lot it was drawn from.
    const audited = await ctx.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'license.create'), eq(auditEvents.actorId, ids.admin)));
    expect(audited.map((e) => e.detail)).toContainEqual(
      expect.objectContaining({ license: created.licenseId, sourceLicense: source.licenseId, customerCreated: true }),
    );
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });

  it('without a source, draws from the soonest-expiring held lot that covers count and term', async () => {
    const res = await post(tokens.admin, perpetual({ customerEmail: 'user@example.com', totalCount: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customerCreated).toBe(false);
    const perpetualMbx = (await issuable()).find((l) => l.usageType === 'NodeLockedForever')!;
    expect(res.json().data.sourceLicenseId).toBe(perpetualMbx.licenseId);
    const fixed = await post(tokens.admin, arc('', { sourceLicenseId: undefined, duration: 7 }));
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.sourceLicenseId).toBe((await arcLot()).licenseId);
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });

  it('refuses what the held lot cannot give, saying what it can, and changes nothing', async () => {
    const source = await arcLot();
    const ends = dd(day(355));
    const before = await ledgerState();
    const refusal = async (change: object) => {
      const res = await post(tokens.admin, arc(source.licenseId, { customerEmail: 'refused@example.com', ...change }));
      return { status: res.statusCode, errors: res.json().errors as { field: string; message: string }[] };
    };
    expect(await refusal({ duration: 365 })).toEqual({
      status: 400,
      errors: [{ field: 'duration', message: `This lot expires on ${ends}: choose an expiry on or before it.` }],
    });
    expect(await refusal({ duration: undefined, expiryDate: day(356) })).toEqual({
      status: 400,
      errors: [{ field: 'expiryDate', message: `This lot expires on ${ends}: choose an expiry on or before it.` }],
    });
    expect(await refusal({ totalCount: source.available + 1 })).toEqual({
      status: 409,
      errors: [{ field: 'totalCount', message: `You can issue at most ${source.available} of this lot.` }],
    });
    expect(await refusal({ startDate: day(-11) })).toEqual({
      status: 400,
      errors: [
        { field: 'startDate', message: `This lot starts on ${dd(day(-10))}: choose a start date on or after it.` },
      ],
    });
    expect((await refusal({ productCode: 'PFM' })).errors[0]!.field).toBe('productCode');
    expect((await refusal({ sourceLicenseId: crypto.randomUUID() })).status).toBe(409);
    expect(await ledgerState()).toBe(before);
    expect(await ctx.handle.db.select().from(accounts).where(eq(accounts.email, 'refused@example.com'))).toEqual([]);
    // Up to the lot's own expiry is possible: 355 days from today, or 365 from its start.
    expect((await post(tokens.admin, arc(source.licenseId, { duration: 355 }))).statusCode).toBe(200);
    expect((await post(tokens.admin, arc(source.licenseId, { startDate: day(-10), duration: 365 }))).statusCode).toBe(
      200,
    );
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });

  it("takes a start earlier on the lot's own first day (UTC) as the lot's start instant", async () => {
    const source = await arcLot();
    const firstDay = `${source.startDate.slice(0, 10)}T00:00:00.000Z`;
    expect(Date.parse(firstDay)).toBeLessThan(Date.parse(source.startDate));
    const res = await post(tokens.admin, arc(source.licenseId, { startDate: firstDay, duration: 365 }));
    expect(res.statusCode).toBe(200);
    const [lot] = await ctx.handle.db.select().from(licenses).where(eq(licenses.id, res.json().data.licenseId));
    // As the dialog sends it: the lot's start, and the duration counted from it (so up to its expiry).
    expect(lot).toMatchObject({
      startDate: new Date(source.startDate),
      expiryDate: new Date(source.expiryDate!),
      durationDays: 365,
    });
    // So does the soonest-expiring lot found without a source.
    const found = await post(tokens.admin, arc('', { sourceLicenseId: undefined, startDate: firstDay, duration: 7 }));
    expect(found.statusCode).toBe(200);
    expect(found.json().data.sourceLicenseId).toBe(source.licenseId);
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });

  it('draws only from its own Default pool: without one it holds nothing, whatever its parent holds', async () => {
    const db = ctx.handle.db;
    const poolless = await addAccount(db, { email: 'poolless@example.com', roles: ['Admin'], parentId: ids.admin });
    const token = await ctx.login('poolless@example.com');
    await db.delete(pools).where(eq(pools.ownerId, poolless));
    try {
      const before = await ledgerState();
      const res = await post(token, perpetual({ customerEmail: 'poolless.customer@example.com', totalCount: 1 }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('You hold no lot of this product, edition and usage type to issue from.');
      expect(await ledgerState()).toBe(before);
    } finally {
      await db.insert(pools).values({ ownerId: poolless, name: 'Default Pool', poolType: 'Default' });
    }
  });

  it('an issued lot belongs to its customer: Revoke cannot take it back', async () => {
    const source = await arcLot();
    const res = await post(tokens.admin, arc(source.licenseId, { customerEmail: 'user@example.com', duration: 20 }));
    expect(res.statusCode).toBe(200);
    const user = await idOf(ctx.handle.db, 'user@example.com');
    const before = await ledgerState();
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/LicenseAllocation/revoke',
      headers: bearer(tokens.admin),
      payload: {
        targetId: user,
        isUser: true,
        productAllocations: [{ groupKey: res.json().data.groupKey, productCode: 'ARC', quantity: 2 }],
      },
    });
    expect(revoke.statusCode).toBe(409);
    expect(await ledgerState()).toBe(before);
  });

  it('refuses a group it holds none of, and an expired lot', async () => {
    const before = await ledgerState();
    const none = await post(
      tokens.admin,
      perpetual({
        customerEmail: 'too.many@example.com',
        licenseTypeName: 'Enterprise',
        usageType: 'NodeLockedForever',
      }),
    );
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('You hold no lot of this product, edition and usage type to issue from.');
    const expired = await post(
      tokens.admin,
      perpetual({
        customerEmail: 'too.many@example.com',
        productCode: 'T2T',
        durationType: 'Fixed',
        usageType: 'NodeLocked',
        startDate: day(-400),
        duration: 365,
      }),
    );
    expect(expired.statusCode).toBe(409);
    expect(await ledgerState()).toBe(before);
    expect(await ctx.handle.db.select().from(accounts).where(eq(accounts.email, 'too.many@example.com'))).toEqual([]);
  });

  it('refuses an account that is not its own user, and itself; another Admin has only its own stock', async () => {
    const before = await ledgerState();
    const refuse = async (token: string, email: string) => {
      const res = await post(token, perpetual({ customerEmail: email }));
      expect(res.statusCode).toBe(409);
      return res.json().message as string;
    };
    expect(await refuse(tokens.admin, 'other.admin@example.com')).toBe(OUTSIDE_ORGANISATION);
    expect(await refuse(tokens.admin, 'superadmin@example.com')).toBe(OUTSIDE_ORGANISATION);
    expect(await refuse(tokens.admin, 'Grandchild@example.com')).toBe(NOT_YOUR_USER);
    expect(await refuse(tokens.admin, 'admin@example.com')).toBe(NOT_TO_YOURSELF);
    // The SuperAdmin issued other.admin@ 3 units above.
    expect(await refuse(tokens.otherAdmin, 'someone.new@example.com')).toBe('You can issue at most 3 of this lot.');
    expect(await refuse(tokens.childAdmin, 'grandchild@example.com')).toBe('You can issue at most 2 of this lot.');
    expect(await ledgerState()).toBe(before);
  });
});

describe('GET /api/LicenseUsageReport as units move', () => {
  const row = async (email: string, code: string) => (await heldBy(email)).find((r) => r.productCode === code);

  it('counts reserved units as in transit and consumed units as consumed, the total unchanged', async () => {
    const user = await idOf(ctx.handle.db, 'user@example.com');
    const before = await row('user@example.com', 'ARC');
    const mailbox = { name: 'mailbox@customer.test' };
    const now = ctx.clock.now();
    const first = await reserve(ctx.handle.db, { accountId: user, productCode: 'ARC', quantity: 1, mailbox, now });
    await consume(ctx.handle.db, { accountId: user, reservation: first, mailbox, now });
    await reserve(ctx.handle.db, { accountId: user, productCode: 'ARC', quantity: 2, mailbox, now });
    expect(await row('user@example.com', 'ARC')).toMatchObject({
      totalLicenses: before!.totalLicenses,
      availableLicenses: before!.availableLicenses - 3,
      inTransitLicenses: 2,
      consumedLicenses: 1,
    });
  });

  it('leaves expired units out of available, and a row with nothing left out altogether', async () => {
    expect(await row('admin@example.com', 'PFM')).toMatchObject({ availableLicenses: 50 });
    // Past the end of the PFM lot (20 days ahead); sessions end meanwhile.
    ctx.clock.advanceMinutes(21 * 24 * 60);
    tokens.superAdmin = await ctx.login('superadmin@example.com');
    expect(await row('admin@example.com', 'PFM')).toBeUndefined();
    expect(await row('admin@example.com', 'MBX')).toBeDefined();
  });
});
