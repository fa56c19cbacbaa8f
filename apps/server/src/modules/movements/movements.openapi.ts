import type { RouteDocs } from '../../core/endpoint';
import { csvExportDocs } from '../../lib/csv';

/** How the OpenAPI document describes each route of movements.routes.ts, by endpoint name. */
export const DOCS = {
  movements: {
    tags: ['License movements'],
    summary: 'List the stock movements in the caller’s scope',
    description:
      'Newest first. SuperAdmin: all. Admin and Auditor: movements into or out of pools owned in their read scope, or ' +
      'made by an account there. User: movements of its own Default pool or the shared pool it draws ' +
      'from, or made by it. `search` matches product, target and source pool; `action` filters.',
  },
  consumption: {
    tags: ['License movements'],
    summary: 'Read the units consumed per day and product (the dashboard’s consumption chart)',
    description:
      'The Consume movements of the movement list (the same scope rules) over the last `days` days (30 or 90, ' +
      'today included), summed per UTC day and product: one point per day, oldest first, days without a ' +
      'movement at 0.',
  },
  exportMovements: {
    tags: ['License movements'],
    summary: 'Export the stock movements in the caller’s scope as CSV',
    ...csvExportDocs(
      'movements',
      'Every movement the list shows with the same `search` and `action`, not only one page, in its order ' +
        '(newest first), with the same scope rules.',
    ),
  },
} satisfies Record<string, RouteDocs>;
