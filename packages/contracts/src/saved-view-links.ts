import { z } from 'zod';
import { envelope } from './envelope';
import type { Endpoint } from './endpoint';
import { inputObject, queryFlag } from './fields';
import { PAGES } from './pages';
import { ROUTES } from './routes';

/**
 * What the signed-in shell needs of saved views (docs/decisions/050-saved-views.md): the lists a
 * view can be of, a view's query and address, and the call that lists views (the sidebar's pinned
 * ones). The rest, the forms' schemas and messages, is in saved-views.ts, which loads with a list.
 */

/** The lists a view can be saved for: the list screens whose state is their URL. */
export const SAVED_VIEW_PAGES = [
  PAGES.childAccounts,
  PAGES.licensePools,
  PAGES.licenses,
  PAGES.licenseAllocation,
  PAGES.licenseMovement,
  PAGES.licenseUsageReport,
  PAGES.allAccounts,
  PAGES.auditTrail,
  PAGES.reportUsers,
  PAGES.reportMachines,
  PAGES.reportJobs,
] as const;
export type SavedViewPage = (typeof SAVED_VIEW_PAGES)[number];

export function isSavedViewPage(path: string): path is SavedViewPage {
  return (SAVED_VIEW_PAGES as readonly string[]).includes(path);
}

export const SAVED_VIEW_LIMITS = {
  /** The views one person keeps (shared ones included). */
  perAccount: 100,
  /** The views one person pins to the sidebar. */
  pinned: 10,
  name: 60,
  /** A view's query, as stored: at most this many characters and pairs, each value at most 500. */
  query: 2000,
  pairs: 20,
  value: 500,
} as const;

/** URLSearchParams, which Node and every browser have; contracts has no DOM types, so it is typed here. */
type SearchParams = Iterable<[string, string]> & { toString(): string };
const SearchParams = (
  globalThis as unknown as { URLSearchParams: new (init: string | [string, string][]) => SearchParams }
).URLSearchParams;

/** The URL keys a view never keeps: the page number (a view opens on its first page). */
const DROPPED_KEYS = new Set(['page']);
const KEY = /^[A-Za-z][A-Za-z0-9]{0,29}$/;

/**
 * A list's query as a view stores it, or null when it cannot be one: `?` and the page number
 * dropped, keys of letters and digits, the limits above. The web app saves what this returns and
 * the server stores only what it returns, so both read a view's query the same way.
 */
export function viewQueryOf(search: string): string | null {
  if (search.length > SAVED_VIEW_LIMITS.query * 3) return null;
  const pairs: [string, string][] = [];
  for (const [key, value] of new SearchParams(search.startsWith('?') ? search.slice(1) : search)) {
    if (DROPPED_KEYS.has(key) || value === '') continue;
    if (!KEY.test(key) || value.length > SAVED_VIEW_LIMITS.value || value.includes('\u0000')) return null;
    pairs.push([key, value]);
  }
  const query = new SearchParams(pairs).toString();
  return pairs.length <= SAVED_VIEW_LIMITS.pairs && query.length <= SAVED_VIEW_LIMITS.query ? query : null;
}

export const UNKNOWN_PAGE = 'Views can be saved for lists only.';
/** A view's list, as a body or a query gives it. */
export const savedViewPageField = z.enum(SAVED_VIEW_PAGES, { error: UNKNOWN_PAGE });

export const savedViewsQuerySchema = inputObject({
  /** One list's views (its menu); without it, every view the caller sees. */
  page: savedViewPageField.optional(),
  /** Only the caller's pinned views (the sidebar). */
  pinned: queryFlag,
});

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  page: z.string(),
  query: z.string(),
  shared: z.boolean(),
  /** The caller saved it: only then can it be renamed, shared, updated or deleted. */
  mine: z.boolean(),
  pinned: z.boolean(),
  ownerName: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** A view's address: the list with the view's query. */
export function viewHref(view: Pick<SavedView, 'page' | 'query'>): string {
  return view.query ? `${view.page}?${view.query}` : view.page;
}

/** `GET /SavedViews`: LAZY_ENDPOINTS has it with the other saved-view calls (saved-views.ts). */
export const SAVED_VIEW_LIST_ENDPOINT = {
  savedViews: { ...ROUTES.savedViews, query: savedViewsQuerySchema, response: envelope(z.array(savedViewSchema)) },
} as const satisfies Record<string, Endpoint>;
