import { and, eq, sql } from 'drizzle-orm';
import {
  type SavedView,
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_MSG,
  type SavedViewPage,
  canOpenViewPage,
} from '@portal/contracts/saved-views';
import { inTransaction, type Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { savedViewPins, savedViews } from '../../db/schema';
import { conflict, forbidden, notFound, refuseField } from '../../core/errors';
import type { Principal } from '../../core/principal';
import { countOwnViews, countPins, findView, orgOf } from './views.queries';

/**
 * The writes of saved views (decision 050). The limits per person are counted under a lock of that
 * person's views (a transaction-scoped advisory lock), so two saves at once cannot both pass them.
 */
const lockViewsOf = (tx: Database, accountId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-views:${accountId}`}, 0))`);

const NAME_KEY = 'saved_views_name_key';
const nameTaken = () => refuseField(409, 'name', SAVED_VIEW_MSG.nameTaken);

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) throw nameTaken();
    throw error;
  }
}

export interface NewView {
  name: string;
  page: SavedViewPage;
  query: string;
  shared: boolean;
  pinned: boolean;
}

export async function createView(db: Database, principal: Principal, input: NewView, now: Date): Promise<SavedView> {
  if (!canOpenViewPage(principal.roles, input.page)) throw refuseField(403, 'page', SAVED_VIEW_MSG.pageNotYours);
  const id = await uniqueName(() =>
    inTransaction(db, async (tx) => {
      await lockViewsOf(tx, principal.accountId);
      if ((await countOwnViews(tx, principal.accountId)) >= SAVED_VIEW_LIMITS.perAccount) {
        throw conflict(SAVED_VIEW_MSG.tooMany);
      }
      if (input.pinned && (await countPins(tx, principal.accountId)) >= SAVED_VIEW_LIMITS.pinned) {
        throw refuseField(409, 'pinned', SAVED_VIEW_MSG.tooManyPinned);
      }
      const [row] = await tx
        .insert(savedViews)
        .values({
          accountId: principal.accountId,
          orgId: orgOf(principal),
          name: input.name,
          page: input.page,
          query: input.query,
          shared: input.shared,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: savedViews.id });
      if (input.pinned) await tx.insert(savedViewPins).values({ accountId: principal.accountId, viewId: row!.id });
      return row!.id;
    }),
  );
  return (await findView(db, principal, id))!;
}

/** A view the caller saved: another's shared view is theirs to open and pin, not to change (403). */
async function ownView(db: Database, principal: Principal, id: string): Promise<SavedView> {
  const view = await findView(db, principal, id);
  if (!view) throw notFound(SAVED_VIEW_MSG.notFound);
  if (!view.mine) throw forbidden(SAVED_VIEW_MSG.notOwner);
  return view;
}

export async function updateView(
  db: Database,
  principal: Principal,
  id: string,
  change: { name?: string; query?: string; shared?: boolean },
  now: Date,
): Promise<SavedView> {
  await ownView(db, principal, id);
  await uniqueName(() =>
    db
      .update(savedViews)
      .set({ ...change, updatedAt: now })
      .where(and(eq(savedViews.id, id), eq(savedViews.accountId, principal.accountId))),
  );
  return (await findView(db, principal, id))!;
}

export async function deleteView(db: Database, principal: Principal, id: string): Promise<SavedView> {
  const view = await ownView(db, principal, id);
  // Its pins, the owner's and its colleagues', go with it (ON DELETE CASCADE).
  await db.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.accountId, principal.accountId)));
  return view;
}

export async function pinView(db: Database, principal: Principal, id: string, pinned: boolean): Promise<SavedView> {
  await inTransaction(db, async (tx) => {
    await lockViewsOf(tx, principal.accountId);
    const view = await findView(tx, principal, id);
    if (!view) throw notFound(SAVED_VIEW_MSG.notFound);
    const mine = and(eq(savedViewPins.accountId, principal.accountId), eq(savedViewPins.viewId, id));
    if (!pinned) {
      await tx.delete(savedViewPins).where(mine);
      return;
    }
    if (view.pinned) return;
    if ((await countPins(tx, principal.accountId)) >= SAVED_VIEW_LIMITS.pinned) {
      throw refuseField(409, 'pinned', SAVED_VIEW_MSG.tooManyPinned);
    }
    await tx.insert(savedViewPins).values({ accountId: principal.accountId, viewId: id });
  });
  return (await findView(db, principal, id))!;
}
