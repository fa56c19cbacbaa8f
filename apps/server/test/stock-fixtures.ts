import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { groupKeyOf } from '@portal/contracts/licenses';
import type { Database } from '../src/db/client';
import { movementLines, stock } from '../src/db/schema';
import { issueLot, type LotInput } from '../src/modules/stock/stock.issue';
import { defaultPoolOf } from '../src/modules/stock/stock.targets';
import { addAccount, addSharedPool } from './fixtures';

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

export async function issue(db: Database, org: StockOrg, customerId: string, input: LotInput, now: Date) {
  return issueLot(db, { actorId: org.superAdmin, customerId, lot: input, now });
}

export const MBX30 = groupKeyOf({
  productCode: 'MBX',
  edition: 'Standard',
  durationType: 'Fixed',
  durationDays: 30,
  usageType: 'NodeLocked',
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
