import type { RouteDocs } from '../../core/endpoint';
import { csvExportDocs } from '../../lib/csv';

const tags = ['License pools'];

/** How the OpenAPI document describes each route of pools.routes.ts, by endpoint name. */
export const DOCS = {
  pools: {
    tags,
    summary: "List the pools of the caller's organisation",
    description: 'Paged; shared pools unless poolType=Default. `search` matches name and description.',
  },
  exportPools: {
    tags,
    summary: "Export the pools of the caller's organisation as CSV",
    ...csvExportDocs(
      'pools',
      'Every pool the list shows with the same `poolType` and `search`, not only one page, in its order (by ' +
        'name), with the same scope, and the units each holds summed over its product groups.',
    ),
  },
  createPool: {
    tags,
    summary: 'Create a shared pool',
    description: 'Owned by the caller; its name is unique among the caller’s pools.',
    refusals: { 409: 'The caller already has a pool of this name.' },
  },
  poolUsers: {
    tags,
    summary: 'List the accounts in a pool',
    refusals: { 404: 'No such pool in the caller’s read scope.' },
  },
  managePoolAccounts: {
    tags,
    summary: 'Add accounts to and remove accounts from a pool',
    description:
      'In one transaction. With allowPartialAssignment the valid moves happen and the refusals are listed; ' +
      'without it any refusal cancels all (409).',
    refusals: {
      400: 'An account both added and removed, or no account at all.',
      404: 'The pool or an account is outside the caller’s scope: nothing moves.',
      409: 'Without allowPartialAssignment: a move was refused, and nothing moves.',
    },
  },
} satisfies Record<string, RouteDocs>;
