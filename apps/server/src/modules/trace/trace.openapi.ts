import type { RouteDocs } from '../../core/endpoint';
import { csvExportDocs } from '../../lib/csv';

const lotRefusals = { 404: "No such lot in the caller's scope (the Licenses list's rule)." } as const;

/** How the OpenAPI document describes each route of trace.routes.ts, by endpoint name (decision 046). */
export const DOCS = {
  mailboxTrace: {
    tags: ['Migration reports'],
    summary: "Read a mailbox's license trace",
    description:
      'The Reserve, Consume and Release movements of the mailbox, oldest first: when, the pool and lots its ' +
      'unit came from, and the account (and API key) that moved it. Same scope as the Folder view; a mailbox ' +
      'of a node-locked job has none.',
    refusals: { 404: "No such mailbox in the caller's scope." },
  },
  lotConsumption: {
    tags: ['Licenses'],
    summary: "Read a lot's consumption, newest first",
    description:
      'The lot (visible as in the Licenses list) with the units consumed in the pools owned in the caller’s ' +
      'read scope, and one page of its Consume movements there: the mailbox with its job and machine, or the ' +
      'machine a node-locked unit was bound to. Pages by keyset: pass the answer’s `next` as `after`; `next` ' +
      'is null on the last page.',
    refusals: lotRefusals,
  },
  exportLotConsumption: {
    tags: ['Licenses'],
    summary: "Export a lot's consumption as CSV",
    refusals: lotRefusals,
    ...csvExportDocs('lot-consumption', 'Every consumption the tab shows, not only one page, newest first.'),
  },
} satisfies Record<string, RouteDocs>;
