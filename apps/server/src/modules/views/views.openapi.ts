import type { RouteDocs } from '../../core/endpoint';
import type { SAVED_VIEW_ENDPOINTS } from '@portal/contracts/saved-views';

const tags = ['Saved views'];

/** How the OpenAPI document describes each route of views.routes.ts, by endpoint name. */
export const DOCS = {
  savedViews: {
    tags,
    summary: 'List saved views',
    description:
      'The caller’s own views, then those shared with its organisation (its parent’s direct accounts, or its own at ' +
      'the top of its tree), by name; `page` keeps one list’s, `pinned=true` the ones in the caller’s sidebar. ' +
      'Views of lists the caller’s roles cannot open are left out. A view is a list’s path and query only: opening ' +
      'it runs the list with the caller’s own rights.',
  },
  createSavedView: {
    tags,
    summary: 'Save a view',
    description:
      'Keeps a list’s query (filters, sort, hidden columns, page size; never the page number) under a name, unique ' +
      'per person and list. At most 100 views a person, 10 of them pinned.',
    refusals: {
      400: 'No name, a name over 60 characters, a list that takes no views, or a query that is not one.',
      403: 'The caller’s roles cannot open the list.',
      409: 'The name is taken on this list, 100 views already, or 10 pinned already.',
    },
  },
  updateSavedView: {
    tags,
    summary: 'Change a saved view',
    description:
      'Renames it, replaces its query with the list’s current one, or shares or unshares it. Only its owner.',
    refusals: {
      400: 'Nothing to change, or a field as in creating.',
      403: 'A view shared by someone else.',
      404: 'A view the caller does not see (not its own, not shared with it, or of a list it cannot open).',
      409: 'The new name is taken on this list.',
    },
  },
  deleteSavedView: {
    tags,
    summary: 'Delete a saved view',
    description: 'Only its owner; it leaves every sidebar it was pinned to.',
    refusals: { 403: 'A view shared by someone else.', 404: 'A view the caller does not see.' },
  },
  pinSavedView: {
    tags,
    summary: 'Pin or unpin a saved view',
    description: 'To the caller’s own sidebar: its own views and those shared with it.',
    refusals: { 404: 'A view the caller does not see.', 409: 'Ten views are pinned already.' },
  },
} satisfies Record<keyof typeof SAVED_VIEW_ENDPOINTS, RouteDocs>;
