import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDayUtc } from '@portal/contracts/dates';
import type { DurationType, UsageType } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, licenses, stock } from '../../db/schema';
import { refuseField as refuse } from '../../core/errors';
import { byExpiry, isExpired, type Line, lockStock, type LockedRow, writeMovement } from './stock.ledger';
import { defaultPoolOf } from './stock.targets';

/**
 * Decision 029: an Admin issues a new lot (a child lot) drawn from ONE lot it holds in its Default
 * pool. The child keeps the source's product, edition and usage type, starts on or after the
 * source's start and ends on or before the source's expiry; its duration and expiry are its own.
 * The source's row gives up the units (available -N), the child's row in the customer's Default pool
 * receives them (+N), both lines in one Issue movement. The database checks, per lot, that the units
 * held across pools plus the total_count of its child lots equal its total_count (migration 0013).
 */

export interface ChildLotInput {
  actorId: string;
  customerId: string;
  /** The held lot to draw from; without it, the soonest-expiring one that covers count and term. */
  sourceLicenseId?: string | null | undefined;
  productCode: string;
  edition: string;
  usageType: UsageType;
  durationType: DurationType;
  startDate: Date;
  /** Null for a perpetual lot. */
  expiryDate: Date | null;
  durationDays: number | null;
  /** The field that set the expiry, named by a refusal: the typed expiry, or the duration. */
  endField?: 'expiryDate' | 'duration';
  totalCount: number;
  floatingTimeLimit?: number | null | undefined;
  orderId?: string | null | undefined;
  externalRefCode?: string | null | undefined;
  now: Date;
}

export interface IssuedChildLot {
  licenseId: string;
  sourceLicenseId: string;
  groupKey: string;
  movementId: string;
}

/** dd/MM/yyyy in UTC, as the server's messages give a day (contracts/dates.ts). */
const dayOf = formatDayUtc;

const NOTHING_HELD = 'You hold no lot of this product, edition and usage type to issue from.';

/** Usable now as a source: started, not expired, with units available. */
const usableNow = (row: LockedRow, now: Date) =>
  row.available > 0 && !isExpired(row, now) && row.startDate.getTime() <= now.getTime();

/**
 * Decision 029: a start on the source's own first day (UTC) is not before it: an earlier instant of
 * that day becomes the source's start instant, as the dialog's startWithin does. An end that the
 * duration set moves with the start, so the child keeps its duration.
 */
function startWithin(input: ChildLotInput, row: LockedRow): ChildLotInput {
  const shift = row.startDate.getTime() - input.startDate.getTime();
  if (shift <= 0 || dayOf(input.startDate) !== dayOf(row.startDate)) return input;
  const { expiryDate, endField } = input;
  return {
    ...input,
    startDate: row.startDate,
    expiryDate: endField === 'duration' && expiryDate ? new Date(expiryDate.getTime() + shift) : expiryDate,
  };
}

/**
 * Why `row` cannot give this child lot, as the field and message the dialog shows (what IS possible),
 * or null when it can.
 */
function whyNot(row: LockedRow & { edition: string; usageType: string }, asked: ChildLotInput) {
  const input = startWithin(asked, row);
  if (row.productCode !== input.productCode)
    return refuse(400, 'productCode', `This lot is ${row.productName}: issue that product from it.`);
  if (row.edition !== input.edition)
    return refuse(400, 'licenseTypeName', `This lot is the ${row.edition} edition: issue that edition from it.`);
  if (row.usageType !== input.usageType)
    return refuse(400, 'usageType', `This lot is ${row.usageType}: issue that usage type from it.`);
  if (input.startDate.getTime() < row.startDate.getTime())
    return refuse(400, 'startDate', `This lot starts on ${dayOf(row.startDate)}: choose a start date on or after it.`);
  if (row.expiryDate) {
    const until = dayOf(row.expiryDate);
    if (input.expiryDate === null)
      return refuse(400, 'durationType', `This lot expires on ${until}: issue a fixed term ending on or before it.`);
    if (input.expiryDate.getTime() > row.expiryDate.getTime())
      return refuse(
        400,
        input.endField ?? 'expiryDate',
        `This lot expires on ${until}: choose an expiry on or before it.`,
      );
  }
  if (input.totalCount > row.available)
    return refuse(409, 'totalCount', `You can issue at most ${row.available} of this lot.`);
  return null;
}

/** A held lot with its terms, as issueChildLot chooses among them. */
type SourceRow = LockedRow & { id: string; edition: string; usageType: string; customerId: string };

/**
 * Locks the candidate rows in key order in one statement (two issues from one lot queue on its row),
 * the rows of the pools that fed the source too (their `allocated` shrinks with it), and gives the
 * source pool's rows with their lots' terms, soonest expiry first.
 */
async function lockSources(
  tx: Database,
  chain: { ownerId: string; poolId: string }[],
  sourcePool: string,
  input: ChildLotInput,
): Promise<{ locked: LockedRow[]; rows: SourceRow[] }> {
  const locked = await lockStock(
    tx,
    chain.map((link) => link.poolId),
    input.sourceLicenseId
      ? eq(licenses.id, input.sourceLicenseId)
      : and(
          eq(licenses.productCode, input.productCode),
          eq(licenses.edition, input.edition),
          eq(licenses.usageType, input.usageType),
        )!,
  );
  const lots =
    locked.length === 0
      ? []
      : await tx
          .select({
            id: licenses.id,
            edition: licenses.edition,
            usageType: licenses.usageType,
            customerId: licenses.customerId,
          })
          .from(licenses)
          .where(
            inArray(
              licenses.id,
              locked.map((row) => row.licenseId),
            ),
          );
  const terms = new Map(lots.map((lot) => [lot.id, lot]));
  const rows = locked
    .filter((row) => row.poolId === sourcePool && terms.has(row.licenseId))
    .map((row) => ({ ...row, ...terms.get(row.licenseId)! }))
    .sort(byExpiry);
  return { locked, rows };
}

/** The lot to draw from: the one asked for, or the first usable one that can give it; else a refusal. */
function chooseSource(rows: SourceRow[], input: ChildLotInput): SourceRow {
  if (input.sourceLicenseId) {
    const row = rows[0];
    if (!row || !usableNow(row, input.now)) {
      const message =
        row && isExpired(row, input.now) && row.expiryDate
          ? `This lot expired on ${dayOf(row.expiryDate)}: choose another lot.`
          : row && row.available > 0 && row.startDate.getTime() > input.now.getTime()
            ? `This lot starts on ${dayOf(row.startDate)}: it can be issued from then.`
            : 'You hold no units of this lot: choose one of the lots you can issue from.';
      throw refuse(409, 'sourceLicenseId', message);
    }
    const refusal = whyNot(row, input);
    if (refusal) throw refusal;
    return row;
  }
  const usable = rows.filter((row) => usableNow(row, input.now));
  const source = usable.find((row) => whyNot(row, input) === null);
  if (source) return source;
  // Say why the best candidate cannot: the one with the most units, else nothing is held.
  const best = [...usable].sort((a, b) => b.available - a.available)[0];
  if (!best) throw refuse(409, 'totalCount', NOTHING_HELD);
  throw whyNot(best, input)!;
}

/** Issues the child lot in the caller's transaction; refusals change nothing (the caller rolls back). */
export async function issueChildLot(tx: Database, input: ChildLotInput): Promise<IssuedChildLot> {
  const chain = await feederChain(tx, input.actorId);
  // The source pool is the actor's own Default pool, never one above it.
  const sourcePool = chain[0]?.ownerId === input.actorId ? chain[0].poolId : undefined;
  if (!sourcePool) throw refuse(409, 'totalCount', NOTHING_HELD);
  const customerPool = await defaultPoolOf(tx, input.customerId);
  const [customer] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, input.customerId));
  if (!customer) throw refuse(404, 'customerEmail', 'No such user.');
  const { locked, rows } = await lockSources(tx, chain, sourcePool, input);
  const source = chooseSource(rows, input);
  const { startDate, expiryDate } = startWithin(input, source);
  const [child] = await tx
    .insert(licenses)
    .values({
      productCode: source.productCode,
      edition: source.edition,
      durationType: input.durationType,
      usageType: source.usageType,
      customerId: input.customerId,
      startDate,
      expiryDate,
      durationDays: input.durationDays,
      totalCount: input.totalCount,
      floatingTimeLimit: input.floatingTimeLimit ?? null,
      orderId: input.orderId ?? null,
      externalRefCode: input.externalRefCode ?? null,
      parentLicenseId: source.licenseId,
      createdBy: input.actorId,
      createdAt: input.now,
    })
    .returning({ id: licenses.id, groupKey: licenses.groupKey });
  if (!child) throw new Error('license insert returned nothing');
  await tx.insert(stock).values({ poolId: customerPool, licenseId: child.id });
  const movementId = await writeMovement(
    tx,
    {
      action: 'Issue',
      productCode: source.productCode,
      groupKey: child.groupKey,
      quantity: input.totalCount,
      sourcePoolId: sourcePool,
      targetName: customer.name,
      targetType: 'User',
      targetId: input.customerId,
      actorId: input.actorId,
      createdAt: input.now,
    },
    [
      { poolId: sourcePool, licenseId: source.licenseId, dAvailable: -input.totalCount },
      ...feederLines(chain, locked, source, input.totalCount),
      { poolId: customerPool, licenseId: child.id, dAvailable: input.totalCount },
    ],
  );
  return { licenseId: child.id, sourceLicenseId: source.licenseId, groupKey: child.groupKey, movementId };
}

/** The actor's Default pool, then the Default pools of its parent, grandparent and so on. */
async function feederChain(tx: Database, actorId: string): Promise<{ ownerId: string; poolId: string }[]> {
  const answer: unknown = await tx.execute(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM accounts WHERE id = ${actorId}::uuid
      UNION ALL
      SELECT a.id, a.parent_id, up.depth + 1 FROM accounts a JOIN up ON a.id = up.parent_id WHERE up.depth < 50
    )
    SELECT up.id AS "ownerId", p.id AS "poolId"
      FROM up JOIN pools p ON p.owner_id = up.id AND p.pool_type = 'Default'
     ORDER BY up.depth`);
  return (answer as { rows: { ownerId: string; poolId: string }[] }).rows;
}

/**
 * Units the actor was allocated (not issued) leave the lot's allocation tree: each pool above that
 * fed them counts them as allocated no more, up to the pool of the lot's own customer. So what a pool
 * counts as allocated stays what its receivers hold (what findLedgerViolations reconciles, decision 014).
 */
function feederLines(
  chain: { ownerId: string; poolId: string }[],
  locked: LockedRow[],
  source: { licenseId: string; customerId: string },
  quantity: number,
): Line[] {
  const lines: Line[] = [];
  for (let i = 0; i + 1 < chain.length && chain[i]!.ownerId !== source.customerId; i += 1) {
    const feeder = chain[i + 1]!.poolId;
    const row = locked.find((r) => r.poolId === feeder && r.licenseId === source.licenseId);
    if (!row || row.allocated < quantity) throw new Error(`pool ${feeder} did not allocate what it fed`);
    lines.push({ poolId: feeder, licenseId: source.licenseId, dAllocated: -quantity });
  }
  return lines;
}
