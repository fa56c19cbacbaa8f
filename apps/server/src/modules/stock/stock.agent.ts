import { and, eq, inArray } from 'drizzle-orm';
import type { UsageType } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema';
import { badRequest } from '../../core/errors';
import { InsufficientStockError, NotInTransitError } from './stock.errors';
import { byExpiry, isExpired, lockStock, type LockedRow, pickLots, writeMovement } from './stock.ledger';
import { drawingPoolOf, productOf } from './stock.targets';

/** What a migration is running on: the lots and units a Reserve moved to in transit. */
export interface Reservation {
  poolId: string;
  groupKey: string;
  lots: { licenseId: string; quantity: number }[];
}

/** What the units go to: a mailbox (per-mailbox licensing) or a machine (a node-locked binding). */
export interface MailboxRef {
  name: string;
  id?: string | null;
  type?: 'Mailbox' | 'Machine';
}

const usableNow = (now: Date) => (row: LockedRow) =>
  row.startDate.getTime() <= now.getTime() && !isExpired(row, now) ? row.available : 0;

/**
 * The migration agent starts a mailbox: units of a product move from available to in transit in
 * the pool the account draws from. Lots that have not started or have expired are never used. All
 * units come from one group (the first, in lot order, that has enough), so the movement names one.
 * `usageTypes` narrows the lots: Transactional for a mailbox, the node-locked kinds for a machine.
 */
export async function reserve(
  db: Database,
  input: {
    accountId: string;
    productCode: string;
    groupKey?: string;
    usageTypes?: readonly UsageType[];
    quantity?: number;
    mailbox: MailboxRef;
    now: Date;
    apiKeyId?: string | null;
  },
): Promise<Reservation & { movementId: string }> {
  const quantity = input.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1) throw badRequest('Count must be at least 1');
  return db.transaction(async (tx) => {
    const product = await productOf(tx, input.productCode);
    const poolId = await drawingPoolOf(tx, input.accountId);
    const lots = input.groupKey ? eq(licenses.groupKey, input.groupKey) : eq(licenses.productCode, input.productCode);
    const rows = await lockStock(
      tx,
      [poolId],
      (input.usageTypes && and(lots, inArray(licenses.usageType, [...input.usageTypes]))) ?? lots,
    );
    const usable = usableNow(input.now);
    const mine = rows.filter((row) => row.productCode === product.code);
    const groupKey =
      input.groupKey ??
      [...mine].sort(byExpiry).find((row) => {
        const inGroup = mine.filter((r) => r.groupKey === row.groupKey);
        return usable(row) > 0 && inGroup.reduce((sum, r) => sum + usable(r), 0) >= quantity;
      })?.groupKey;
    if (groupKey === undefined) {
      throw new InsufficientStockError(
        product.code,
        product.name,
        mine.reduce((sum, r) => sum + usable(r), 0),
        quantity,
      );
    }
    const picks = pickLots(
      mine.filter((row) => row.groupKey === groupKey),
      quantity,
      usable,
      product,
    );
    const movementId = await writeMovement(
      tx,
      agentHead('Reserve', product.code, groupKey, -quantity, poolId, input.accountId, input),
      picks.map(({ row, take }) => ({ poolId, licenseId: row.licenseId, dAvailable: -take, dInTransit: take })),
    );
    return {
      movementId,
      poolId,
      groupKey,
      lots: picks.map(({ row, take }) => ({ licenseId: row.licenseId, quantity: take })),
    };
  });
}

/** A reservation to settle, by whom (and through which API key), for what, and when. */
export interface AgentSettlement {
  accountId: string;
  reservation: Reservation;
  mailbox: MailboxRef;
  now: Date;
  apiKeyId?: string | null;
}

/** The mailbox migrated: its reserved units are consumed (in transit -> consumed). */
export function consume(db: Database, input: AgentSettlement): Promise<string> {
  return settle(db, 'Consume', input);
}

/** The mailbox failed or was cancelled: its reserved units return to available. */
export function release(db: Database, input: AgentSettlement): Promise<string> {
  return settle(db, 'Release', input);
}

/**
 * Settles a reservation even when its lot has expired meanwhile: the units were taken while the
 * lot was valid, and the migration that used them already ran.
 */
async function settle(db: Database, action: 'Consume' | 'Release', input: AgentSettlement): Promise<string> {
  const { reservation } = input;
  const lots = reservation.lots.filter((lot) => lot.quantity !== 0);
  if (lots.length === 0 || lots.some((lot) => !Number.isInteger(lot.quantity) || lot.quantity < 0))
    throw badRequest('Count must be at least 1');
  if (new Set(lots.map((lot) => lot.licenseId)).size !== lots.length) throw badRequest('Each lot can be named once.');
  return db.transaction(async (tx) => {
    const rows = await lockStock(
      tx,
      [reservation.poolId],
      inArray(
        licenses.id,
        lots.map((lot) => lot.licenseId),
      ),
    );
    for (const lot of lots) {
      const row = rows.find((r) => r.licenseId === lot.licenseId);
      if (!row || row.inTransit < lot.quantity)
        throw new NotInTransitError(lot.licenseId, row?.inTransit ?? 0, lot.quantity);
      if (row.groupKey !== reservation.groupKey) throw badRequest('The lots of a reservation belong to one group.');
    }
    const quantity = lots.reduce((sum, lot) => sum + lot.quantity, 0);
    const productCode = rows[0]?.productCode ?? '';
    return writeMovement(
      tx,
      agentHead(
        action,
        productCode,
        reservation.groupKey,
        action === 'Release' ? quantity : -quantity,
        reservation.poolId,
        input.accountId,
        input,
      ),
      lots.map((lot) =>
        action === 'Consume'
          ? { poolId: reservation.poolId, licenseId: lot.licenseId, dInTransit: -lot.quantity, dConsumed: lot.quantity }
          : {
              poolId: reservation.poolId,
              licenseId: lot.licenseId,
              dInTransit: -lot.quantity,
              dAvailable: lot.quantity,
            },
      ),
    );
  });
}

function agentHead(
  action: 'Reserve' | 'Consume' | 'Release',
  productCode: string,
  groupKey: string,
  quantity: number,
  poolId: string,
  actorId: string,
  input: { mailbox: MailboxRef; now: Date; apiKeyId?: string | null },
) {
  return {
    action,
    productCode,
    groupKey,
    quantity,
    sourcePoolId: poolId,
    targetName: input.mailbox.name,
    targetType: input.mailbox.type ?? 'Mailbox',
    targetId: input.mailbox.id ?? null,
    actorId,
    apiKeyId: input.apiKeyId ?? null,
    createdAt: input.now,
  };
}
