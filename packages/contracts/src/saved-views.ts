import { z } from 'zod';
import { envelope } from './envelope';
import type { Endpoint } from './endpoint';
import { idField, inputObject, text } from './fields';
import { PAGE_ROLES, type RestrictedPage } from './permissions';
import { ROUTES } from './routes';
import {
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_LIST_ENDPOINT,
  savedViewPageField as pageField,
  savedViewSchema,
  UNKNOWN_PAGE,
  viewQueryOf,
} from './saved-view-links';

export * from './saved-view-links';

/**
 * Saved views (docs/decisions/050-saved-views.md): a list's filters, sort, hidden columns and page
 * size, kept under a name, personal or shared with the organisation, and pinned in the sidebar.
 * A view is the list's address and query only: opening it runs the list with the viewer's own
 * rights, so a shared view never shows anyone rows they could not already see.
 */

export const SAVED_VIEW_MSG = {
  nameRequired: 'Enter a name for the view.',
  nameTooLong: `A view name has at most ${SAVED_VIEW_LIMITS.name} characters.`,
  nameTaken: 'You already have a view with this name on this list.',
  unknownPage: UNKNOWN_PAGE,
  pageNotYours: 'You cannot open this list.',
  badQuery: `The view's filters could not be read: at most ${SAVED_VIEW_LIMITS.pairs} filters of letters and digits, ${SAVED_VIEW_LIMITS.query.toLocaleString('en-US')} characters in all.`,
  tooMany: `You keep ${SAVED_VIEW_LIMITS.perAccount} views, the most one person can. Delete one first.`,
  tooManyPinned: `At most ${SAVED_VIEW_LIMITS.pinned} views can be pinned to the sidebar. Unpin one first.`,
  nothingToChange: 'Send the name, the filters or the sharing to change.',
  notFound: 'View not found.',
  notOwner: 'Only the person who saved a view can change or delete it.',
  saved: 'View saved.',
  updated: 'View updated.',
  deleted: 'View deleted.',
  pinned: 'Pinned to the sidebar.',
  unpinned: 'Unpinned from the sidebar.',
} as const;

/** Whether these roles may open the list a view is of (the sidebar's own rule, PAGE_ROLES). */
export function canOpenViewPage(roles: readonly string[], page: string): boolean {
  const allowed: readonly string[] | undefined = PAGE_ROLES[page as RestrictedPage];
  return allowed === undefined || roles.some((role) => allowed.includes(role));
}

const nameField = text({ error: SAVED_VIEW_MSG.nameRequired })
  .trim()
  .min(1, SAVED_VIEW_MSG.nameRequired)
  .max(SAVED_VIEW_LIMITS.name, SAVED_VIEW_MSG.nameTooLong);
const queryField = text()
  .max(SAVED_VIEW_LIMITS.query * 3, SAVED_VIEW_MSG.badQuery)
  .refine((value) => viewQueryOf(value) !== null, SAVED_VIEW_MSG.badQuery)
  .transform((value) => viewQueryOf(value)!);

export const createSavedViewSchema = inputObject({
  name: nameField,
  page: pageField,
  query: queryField,
  shared: z.boolean().default(false),
  pinned: z.boolean().default(false),
});
export type CreateSavedView = z.input<typeof createSavedViewSchema>;

export const updateSavedViewSchema = inputObject({
  name: nameField.optional(),
  query: queryField.optional(),
  shared: z.boolean().optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), SAVED_VIEW_MSG.nothingToChange);
export type UpdateSavedView = z.input<typeof updateSavedViewSchema>;

export const pinSavedViewSchema = inputObject({ pinned: z.boolean() });

export const savedViewParamsSchema = inputObject({ id: idField });

/** The saved views' calls (LAZY_ENDPOINTS: the lists' menus and the sidebar load them after the first paint). */
export const SAVED_VIEW_ENDPOINTS = {
  ...SAVED_VIEW_LIST_ENDPOINT,
  createSavedView: { ...ROUTES.createSavedView, body: createSavedViewSchema, response: envelope(savedViewSchema) },
  updateSavedView: {
    ...ROUTES.updateSavedView,
    params: savedViewParamsSchema,
    body: updateSavedViewSchema,
    response: envelope(savedViewSchema),
  },
  deleteSavedView: { ...ROUTES.deleteSavedView, params: savedViewParamsSchema, response: envelope(savedViewSchema) },
  pinSavedView: {
    ...ROUTES.pinSavedView,
    params: savedViewParamsSchema,
    body: pinSavedViewSchema,
    response: envelope(savedViewSchema),
  },
} as const satisfies Record<string, Endpoint>;
