import type { RouteDocs } from '../../core/endpoint';

const ONLY_OWN = { 404: 'No bulk change of the caller’s with this id.' };

/** How the OpenAPI document describes the bulk change routes (decision 049). */
export const DOCS = {
  bulkOperations: {
    tags: ['Bulk changes'],
    summary: "List the caller's bulk changes, newest first",
  },
  createBulk: {
    tags: ['Bulk changes'],
    summary: 'Apply one change to many users or pools',
    description:
      'The targets are the ticked `ids`, or every row the list’s `search` filter matches (`matching`), read by ' +
      'the server with the list’s own scope: at most 10,000. `action` allocates or revokes the same units to ' +
      'each target (users or shared pools), or sets the pool, role or status of each user. An allocation is ' +
      'checked in total before anything moves (409 when the stock cannot cover every target). Each target is ' +
      'then changed in the background in a transaction of its own, with the rules of the single change: a ' +
      'refused target fails alone. A revocation takes back up to its count from each target. Poll ' +
      '`GET /Bulk/{id}` for progress and `GET /Bulk/{id}/rows` for the result of each target.',
    refusals: {
      400: 'No row selected, ids outside the caller’s lists, over 10,000 targets, or pool/role/status for pools.',
      409: 'The available stock cannot cover every target.',
    },
  },
  bulkOperation: {
    tags: ['Bulk changes'],
    summary: 'Read one bulk change: its counts, progress and undo deadline',
    refusals: ONLY_OWN,
  },
  bulkRows: {
    tags: ['Bulk changes'],
    summary: "Read a bulk change's targets and their results, failed first",
    refusals: ONLY_OWN,
  },
  undoBulk: {
    tags: ['Bulk changes'],
    summary: 'Undo a bulk allocation or revocation',
    description:
      'Within 10 minutes of its last row: a new bulk change of the inverse kind that moves back exactly what ' +
      'each target’s row moved, as ledger movements. A unit used since cannot come back: that target fails alone.',
    refusals: {
      ...ONLY_OWN,
      400: 'Not an allocation or revocation, an undo itself, or nothing moved.',
      409: 'Still running, already undone, or past the 10 minutes.',
    },
  },
} satisfies Record<string, RouteDocs>;
