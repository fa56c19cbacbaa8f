import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FieldError } from '@portal/contracts/envelope';
import {
  FORECAST_LIMITS,
  FORECAST_MSG,
  type ForecastLine,
  type ForecastOptions,
  type ForecastPool,
  type ForecastResult,
} from '@portal/contracts/forecast';
import type { Database } from '../../db/client';
import { accounts, pools, products } from '../../db/schema';
import { badRequest, notFound } from '../../core/errors';
import type { Principal } from '../../core/session';
import { lotsOfPool, type PoolLot } from './forecast.lots';
import { type CatalogueProduct, countMailboxesOfCsv } from './forecast.csv';

const DAY_MS = 86_400_000;

export interface ForecastInput {
  poolId: string;
  plannedDate?: string | null | undefined;
  items: { product: string; mailboxes: number }[];
  csv?: string | null | undefined;
}

/**
 * The pools a caller may forecast for (docs/decisions/028-license-forecast.md): its own Default
 * pool and the shared pool it is a member of; `drawsFrom` marks the one its migrations use now.
 * Nothing else, not even the shared pools an Admin owns: it does not draw from them.
 */
async function usablePools(db: Database, principal: Principal, poolId?: string): Promise<ForecastPool[]> {
  const [me] = await db
    .select({ poolId: accounts.poolId, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, principal.accountId));
  if (!me) throw notFound('No such pool.');
  const rows = await db
    .select({ id: pools.id, name: pools.name, poolType: pools.poolType })
    .from(pools)
    .where(
      and(
        or(
          and(eq(pools.ownerId, principal.accountId), eq(pools.poolType, 'Default')),
          me.poolId ? and(eq(pools.id, me.poolId), eq(pools.poolType, 'Pool')) : sql`false`,
        ),
        poolId ? eq(pools.id, poolId) : undefined,
      ),
    )
    .orderBy(asc(pools.poolType), asc(pools.id));
  return rows.map((row) => {
    const poolType = row.poolType === 'Pool' ? 'Pool' : 'Default';
    return {
      id: row.id,
      // Every Default pool is called "Default Pool": it is named after its owner (decision 016).
      name: poolType === 'Default' ? `${me.name} (Individual)` : row.name,
      poolType,
      drawsFrom: poolType === 'Pool' ? true : me.poolId === null,
    };
  });
}

async function catalogue(db: Database): Promise<CatalogueProduct[]> {
  return db.select({ code: products.code, name: products.name }).from(products).orderBy(asc(products.name));
}

/** `GET /Forecast/options`: the caller's usable pools (the one it draws from first) and the products. */
export async function forecastOptions(db: Database, principal: Principal): Promise<ForecastOptions> {
  const found = await usablePools(db, principal);
  return {
    pools: [...found].sort((a, b) => Number(b.drawsFrom) - Number(a.drawsFrom)),
    products: await catalogue(db),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The planned day (UTC midnight); today when none is given. Past days and days too far ahead are a 400. */
function plannedDay(plannedDate: string | null | undefined, now: Date): Date {
  const today = new Date(`${isoDay(now)}T00:00:00.000Z`);
  if (!plannedDate) return today;
  const day = new Date(`${plannedDate}T00:00:00.000Z`);
  const field = (message: string) => badRequest(message, [{ field: 'plannedDate', message }]);
  if (Number.isNaN(day.getTime()) || isoDay(day) !== plannedDate) throw field(FORECAST_MSG.plannedDateInvalid);
  if (day.getTime() < today.getTime()) throw field(FORECAST_MSG.plannedDatePast);
  if (day.getTime() > today.getTime() + FORECAST_LIMITS.maxDaysAhead * DAY_MS)
    throw field(FORECAST_MSG.plannedDateTooFar);
  return day;
}

/** The mailboxes asked for per product code, typed rows and CSV together; unknown products are a 400. */
function requested(
  input: ForecastInput,
  known: readonly CatalogueProduct[],
): { counts: Map<string, number>; csvMailboxes: number } {
  const byCode = new Map(known.map((product) => [product.code.toLowerCase(), product]));
  const errors: FieldError[] = [];
  const counts = new Map<string, number>();
  input.items.forEach((item, index) => {
    const product = byCode.get(item.product.toLowerCase());
    if (!product)
      errors.push({ field: `items.${index}.product`, message: `${FORECAST_MSG.unknownProduct}: ${item.product}` });
    else counts.set(product.code, (counts.get(product.code) ?? 0) + item.mailboxes);
  });
  if (errors.length > 0) throw badRequest(FORECAST_MSG.unknownProduct, errors);
  let csvMailboxes = 0;
  if (input.csv) {
    for (const [code, count] of countMailboxesOfCsv(input.csv, known)) {
      counts.set(code, (counts.get(code) ?? 0) + count);
      csvMailboxes += count;
    }
  }
  if (counts.size === 0)
    throw badRequest(FORECAST_MSG.nothingToForecast, [{ field: 'items', message: FORECAST_MSG.nothingToForecast }]);
  for (const [code, count] of counts) {
    if (count > FORECAST_LIMITS.maxMailboxes) {
      throw badRequest(FORECAST_MSG.mailboxesMax, [
        { field: 'items', message: `${code}: ${FORECAST_MSG.mailboxesMax}` },
      ]);
    }
  }
  return { counts, csvMailboxes };
}

/**
 * One product's line. A unit counts when its lot is live now, has started by the planned day (today:
 * by now) and does not expire before the planned day is over; units in transit are held by jobs in
 * progress and never count. One unit a mailbox, whatever the usage type (decision 028).
 */
function lineOf(
  product: CatalogueProduct,
  mailboxes: number,
  lots: readonly PoolLot[],
  now: Date,
  day: Date,
): ForecastLine {
  const dayEnds = day.getTime() + DAY_MS;
  const startsBy = Math.max(now.getTime(), day.getTime());
  let available = 0;
  let inTransit = 0;
  let expiring = 0;
  let notStarted = 0;
  const expiringLots: ForecastLine['expiringLots'] = [];
  for (const lot of lots) {
    inTransit += lot.inTransit;
    const expiry = lot.expiryDate?.getTime() ?? Number.POSITIVE_INFINITY;
    if (expiry <= now.getTime() || lot.available === 0) continue;
    available += lot.available;
    if (expiry < dayEnds) {
      expiring += lot.available;
      expiringLots.push({
        licenseId: lot.licenseId,
        edition: lot.edition,
        usageType: lot.usageType,
        orderId: lot.orderId,
        expiryDate: new Date(expiry).toISOString(),
        units: lot.available,
      });
    } else if (lot.startDate.getTime() > startsBy) notStarted += lot.available;
  }
  const usable = available - expiring - notStarted;
  return {
    productCode: product.code,
    productName: product.name,
    mailboxes,
    available,
    inTransit,
    expiring,
    notStarted,
    usable,
    covered: usable >= mailboxes,
    shortBy: Math.max(0, mailboxes - usable),
    expiringLots,
  };
}

/**
 * `POST /Forecast`: whether a pool the caller may use covers the mailboxes asked for on the planned
 * day. Reads the pool, the catalogue and the pool's lots in one read-only transaction (one snapshot,
 * so the counters agree with each other) and writes nothing.
 */
export async function forecast(
  db: Database,
  principal: Principal,
  input: ForecastInput,
  now: Date,
): Promise<ForecastResult> {
  const day = plannedDay(input.plannedDate, now);
  return db.transaction(
    async (tx) => {
      const [pool] = await usablePools(tx, principal, input.poolId);
      if (!pool) throw notFound('No such pool.');
      const known = await catalogue(tx);
      const { counts, csvMailboxes } = requested(input, known);
      const lots = await lotsOfPool(tx, pool.id, [...counts.keys()]);
      const lines = known
        .filter((product) => counts.has(product.code))
        .map((product) =>
          lineOf(
            product,
            counts.get(product.code) ?? 0,
            lots.filter((lot) => lot.productCode === product.code),
            now,
            day,
          ),
        );
      return {
        pool: { id: pool.id, name: pool.name, poolType: pool.poolType },
        plannedDate: isoDay(day),
        asOf: now.toISOString(),
        mailboxes: lines.reduce((sum, line) => sum + line.mailboxes, 0),
        csvMailboxes,
        covered: lines.every((line) => line.covered),
        lines,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
