import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { groupKeyOf } from '@portal/contracts/licenses';
import type { Database, DatabaseHandle } from '../src/db/client';
import * as schema from '../src/db/schema';
import { movementLines, stock } from '../src/db/schema';
import { allocate } from '../src/modules/stock/stock.allocate';
import { issueLot, type LotInput } from '../src/modules/stock/stock.issue';
import { findLedgerViolations } from '../src/modules/stock/stock.reconcile';
import { defaultPoolOf } from '../src/modules/stock/stock.targets';
import { addAccount, addSharedPool, idOf, signIn } from './fixtures';
import { openTestDatabase, type TestContext } from './helper';

/**
 * A provider and one customer tree, under unique emails so that many can live in one database:
 * admin A (top) with children B (an Admin), U1 (in A's shared pool P1) and U2 (Individual);
 * B's child D and B's shared pool P2.
 */
export async function stockOrg(db: Database) {
  const tag = randomUUID().slice(0, 8);
  const email = (who: string) => `${who}-${tag}@example.com`;
  const superAdmin = await addAccount(db, { email: email('super'), roles: ['SuperAdmin'] });
  const a = await addAccount(db, { email: email('a'), name: 'Alex Admin', roles: ['Admin'] });
  const b = await addAccount(db, { email: email('b'), name: 'Blair Admin', roles: ['Admin'], parentId: a });
  const p1 = await addSharedPool(db, a, 'Sales');
  const u1 = await addAccount(db, { email: email('u1'), name: 'Uma User', roles: ['User'], parentId: a, poolId: p1 });
  const u2 = await addAccount(db, { email: email('u2'), name: 'Umar User', roles: ['User'], parentId: a });
  const d = await addAccount(db, { email: email('d'), name: 'Dana User', roles: ['User'], parentId: b });
  const p2 = await addSharedPool(db, b, 'Support');
  const pool = {
    a: await defaultPoolOf(db, a),
    b: await defaultPoolOf(db, b),
    u1: await defaultPoolOf(db, u1),
    u2: await defaultPoolOf(db, u2),
    d: await defaultPoolOf(db, d),
    p1,
    p2,
  };
  return { superAdmin, a, b, u1, u2, d, p1, p2, pool };
}

export type StockOrg = Awaited<ReturnType<typeof stockOrg>>;

/** A stock org with an Auditor under A (`auditor-…@example.com`), and a second organisation beside it. */
export async function twoStockOrgs(db: Database) {
  const org = await stockOrg(db);
  const other = await stockOrg(db);
  const auditor = await addAccount(db, { email: `auditor-${org.a}@example.com`, roles: ['Auditor'], parentId: org.a });
  return { org, other, auditor };
}

/** The bearer tokens of A, B, U1, U2, the SuperAdmin, A's Auditor and the other organisation's Admin. */
export type TwoOrgTokens = Record<'a' | 'b' | 'u1' | 'u2' | 'auditor' | 'superAdmin' | 'otherAdmin', string>;

export function signInTwoOrgs(
  ctx: TestContext,
  { org, other, auditor }: Awaited<ReturnType<typeof twoStockOrgs>>,
): Promise<TwoOrgTokens> {
  const { a, b, u1, u2, superAdmin } = org;
  return signIn(ctx, { a, b, u1, u2, superAdmin, auditor, otherAdmin: other.a });
}

export const DAY = 86_400_000;

/** A lot input: Fixed MBX Standard NodeLocked of `days` days unless told otherwise. */
export function lot(start: Date, totalCount: number, overrides: Partial<LotInput> = {}): LotInput {
  return {
    productCode: 'MBX',
    licenseTypeName: 'Standard',
    durationType: 'Fixed',
    usageType: 'NodeLocked',
    startDate: start.toISOString(),
    duration: 30,
    totalCount,
    ...overrides,
  };
}

/** A perpetual Pay-Per-Use lot: what a per-mailbox migration draws on. */
export const ppuLot = (start: Date, totalCount: number) =>
  lot(start, totalCount, {
    durationType: 'Perpetual',
    usageType: 'Transactional',
    duration: null,
    licenseTypeName: 'Enterprise',
  });

/**
 * Two organisations that migrate per mailbox, signed in: A holds a Pay-Per-Use lot of 50 from `start`
 * and gave 20 MBX units of it to the shared pool P1 (U1 draws there); the other organisation's U2
 * holds a lot of 50 of its own. Answers both lots' ids with the tokens.
 */
export async function ppuStockOrgs(ctx: TestContext, start: Date) {
  const db = ctx.handle.db;
  const orgs = await twoStockOrgs(db);
  const { org, other } = orgs;
  const lotId = (await issue(db, org, org.a, ppuLot(start, 50), start)).licenseId;
  await allocate(db, {
    actorId: org.a,
    targetId: org.p1,
    isUser: false,
    items: [{ groupKey: PPU, productCode: 'MBX', quantity: 20 }],
    now: start,
  });
  const otherLotId = (await issue(db, other, other.u2, ppuLot(start, 50), start)).licenseId;
  return { org, other, lotId, otherLotId, token: await signInTwoOrgs(ctx, orgs) };
}

export async function issue(db: Database, org: StockOrg, customerId: string, input: LotInput, now: Date) {
  return issueLot(db, { actorId: org.superAdmin, customerId, lot: input, now });
}

/** `totalCount` units of the 30-day MBX lot (5 unless told), issued at `now` by the demo SuperAdmin to `customerId`. */
export async function issueFromDemoSuperAdmin(db: Database, customerId: string, now: Date, totalCount = 5) {
  return issueLot(db, {
    actorId: await idOf(db, 'superadmin@example.com'),
    customerId,
    lot: lot(now, totalCount),
    now,
  });
}

export const MBX30 = groupKeyOf({
  productCode: 'MBX',
  edition: 'Standard',
  durationType: 'Fixed',
  durationDays: 30,
  usageType: 'NodeLocked',
});

/** The Pay-Per-Use group of MBX (Enterprise, perpetual, transactional): what a `ppuLot` holds. */
export const PPU = groupKeyOf({
  productCode: 'MBX',
  edition: 'Enterprise',
  durationType: 'Perpetual',
  durationDays: null,
  usageType: 'Transactional',
});

/** One row of an allocation request. */
export const item = (quantity: number, groupKey = MBX30, productCode = 'MBX') => ({ groupKey, productCode, quantity });

export async function rowOf(db: Database, poolId: string, licenseId: string) {
  const rows = await db.select().from(stock).where(eq(stock.poolId, poolId)).orderBy(asc(stock.licenseId));
  return rows.find((r) => r.licenseId === licenseId);
}

/** Everything a refused movement must leave as it was. */
export async function ledgerState(db: Database): Promise<string> {
  const rows = await db.select().from(stock).orderBy(asc(stock.poolId), asc(stock.licenseId));
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(movementLines);
  return JSON.stringify({ rows, lines: counted?.n });
}

/** Two MBX30 lots: the first expires 10 days after `now`, the second 30 days after. */
export async function twoLots(db: Database, org: StockOrg, customer: string, now: Date) {
  const soon = await issue(db, org, customer, lot(new Date(now.getTime() - 20 * DAY), 5), now);
  const later = await issue(db, org, customer, lot(now, 10), now);
  return { soon: soon.licenseId, later: later.licenseId };
}

/**
 * The hooks of a file of stock-ledger tests: one database for the file, a fresh `stockOrg` before each
 * test, and, before the database closes, a check that the ledger reconciles. Read `db` and `org` inside
 * tests (they exist once the hooks have run); `row`, `ledgerState` and `twoLots` are the helpers above
 * bound to them, `twoLots` at `now`.
 */
export function stockLedgerSuite(now: Date) {
  let handle: DatabaseHandle | undefined;
  let current: StockOrg | undefined;
  const db = (): Database => {
    if (!handle) throw new Error('stockLedgerSuite: the database opens in beforeAll');
    return handle.db;
  };
  const org = (): StockOrg => {
    if (!current) throw new Error('stockLedgerSuite: the org is made in beforeEach');
    return current;
  };
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    expect(await findLedgerViolations(db())).toEqual([]);
    await handle?.close();
  });
  beforeEach(async () => {
    current = await stockOrg(db());
  });
  return {
    get db() {
      return db();
    },
    get org() {
      return org();
    },
    row: (poolId: string, licenseId: string) => rowOf(db(), poolId, licenseId),
    ledgerState: () => ledgerState(db()),
    twoLots: (customer = org().a) => twoLots(db(), org(), customer, now),
  };
}

/** The same database through a drizzle instance that counts the statements it sends (N+1 tests). */
export function countingDb(handle: DatabaseHandle): { db: Database; statements: () => number } {
  let n = 0;
  const logger = { logQuery: () => void (n += 1) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db = (handle.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Database;
  return { db, statements: () => n };
}

/** An Admin principal for calling a module's reads directly. */
export const adminPrincipal = (accountId: string) => ({
  accountId,
  parentId: null,
  tenantId: accountId,
  sessionId: 'test',
  kind: 'full' as const,
  roles: ['Admin' as const],
  eulaAccepted: true,
  profile: { name: 'Admin', email: 'admin@example.com', lastLogin: null, timeZone: null, locale: null },
  apiKey: null,
});

/** An org whose Admin A has 10 extra children and 10 extra shared pools, each holding 1 unit. */
export async function wideOrg(db: Database, now: Date) {
  const org = await stockOrg(db);
  await issue(db, org, org.a, lot(now, 100), now);
  for (let i = 0; i < 10; i += 1) {
    const child = await addAccount(db, { email: `extra-${i}-${org.a}@example.com`, roles: ['User'], parentId: org.a });
    await allocate(db, { actorId: org.a, targetId: child, isUser: true, items: [item(1)], now });
    const pool = await addSharedPool(db, org.a, `Extra ${i}`);
    await allocate(db, { actorId: org.a, targetId: pool, isUser: false, items: [item(1)], now });
  }
  return org;
}
