import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { canOpenViewPage, type SavedView } from '@portal/contracts/saved-views';
import type { Database } from '../../db/client';
import { accounts, savedViewPins, savedViews } from '../../db/schema';
import type { Principal } from '../../core/principal';

/**
 * The organisation a view is shared with (decision 050): the owner's parent, the Admin that
 * manages it and its colleagues, or the owner itself at the top of its tree. The Auditor's rule
 * (DOMAIN: "the subtree of its parent, the organisation it audits") names the same account.
 */
export const orgOf = (principal: Pick<Principal, 'accountId' | 'parentId'>): string =>
  principal.parentId ?? principal.accountId;

/** The views a caller sees: its own, and those shared with its organisation. */
export function visibleTo(principal: Principal): SQL {
  return or(
    eq(savedViews.accountId, principal.accountId),
    and(eq(savedViews.shared, true), eq(savedViews.orgId, orgOf(principal))),
  )!;
}

function viewRows(db: Database, principal: Principal) {
  return db
    .select({
      view: savedViews,
      ownerName: accounts.name,
      pinned: sql<boolean>`(${savedViewPins.viewId} IS NOT NULL)`,
    })
    .from(savedViews)
    .innerJoin(accounts, eq(accounts.id, savedViews.accountId))
    .leftJoin(
      savedViewPins,
      and(eq(savedViewPins.viewId, savedViews.id), eq(savedViewPins.accountId, principal.accountId)),
    );
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewRows>['execute']>>[number];

function toSavedView({ view, ownerName, pinned }: ViewRow, principal: Principal): SavedView {
  return {
    id: view.id,
    name: view.name,
    page: view.page,
    query: view.query,
    shared: view.shared,
    mine: view.accountId === principal.accountId,
    pinned: Boolean(pinned),
    ownerName,
    updatedAt: view.updatedAt.toISOString(),
  };
}

/** Own views first, then shared ones; by name. Only lists the caller's roles may open. */
export async function listViews(
  db: Database,
  principal: Principal,
  filter: { page?: string; pinned: boolean },
): Promise<SavedView[]> {
  const rows = await viewRows(db, principal)
    .where(
      and(
        visibleTo(principal),
        filter.page === undefined ? undefined : eq(savedViews.page, filter.page),
        filter.pinned ? sql`${savedViewPins.viewId} IS NOT NULL` : undefined,
      ),
    )
    .orderBy(desc(sql`${savedViews.accountId} = ${principal.accountId}`), asc(sql`lower(${savedViews.name})`))
    // Own views are at most SAVED_VIEW_LIMITS.perAccount; a big organisation's shared ones stop here.
    .limit(500);
  return rows
    .filter((row) => canOpenViewPage(principal.roles, row.view.page))
    .map((row) => toSavedView(row, principal));
}

/** One view the caller sees, or undefined (a 404 for the route). */
export async function findView(db: Database, principal: Principal, id: string): Promise<SavedView | undefined> {
  const [row] = await viewRows(db, principal)
    .where(and(eq(savedViews.id, id), visibleTo(principal)))
    .limit(1);
  return row && canOpenViewPage(principal.roles, row.view.page) ? toSavedView(row, principal) : undefined;
}

export async function countOwnViews(db: Database, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedViews).where(eq(savedViews.accountId, accountId));
  return row?.n ?? 0;
}

export async function countPins(db: Database, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedViewPins).where(eq(savedViewPins.accountId, accountId));
  return row?.n ?? 0;
}
