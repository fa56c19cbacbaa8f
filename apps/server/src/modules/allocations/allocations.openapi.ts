import type { RouteDocs } from '../../core/endpoint';
import { csvExportDocs } from '../../lib/csv';

const tags = ['License allocation'];

/** How the OpenAPI document describes each route of allocations.routes.ts, by endpoint name. */
export const DOCS = {
  allocate: {
    tags,
    summary: 'Allocate units of the caller’s own stock to a child or a shared pool',
    description:
      "Target: with isUser, a direct child (its Default pool); otherwise one of the caller's shared pools; " +
      'any other id is a 404. Soonest-expiring lots first, expired never; all or nothing: asking for more ' +
      'than is available is a 409 naming the product and what is available. allowPartialRevocation is ' +
      'accepted and ignored.',
    refusals: {
      400: 'No product, a product group picked twice, or a product code that does not match its group.',
      404: 'The target is neither a direct child nor one of the caller’s shared pools.',
      409: 'Fewer units are available than asked for: the message names the product and what is available.',
    },
  },
  revoke: {
    tags,
    summary: 'Revoke available units from a child or a shared pool',
    description:
      'Only units the caller handed on can come back, in the same lot order. With ' +
      'allowPartialRevocation=true what is available is taken, up to the quantity, and `moved` says how ' +
      'many; without it a shortfall is a 409 and nothing moves.',
    refusals: {
      400: 'No product, a product group picked twice, or a product code that does not match its group.',
      404: 'The target is neither a direct child nor one of the caller’s shared pools.',
      409: 'Without allowPartialRevocation: fewer units can be taken back than asked for.',
    },
  },
  availableSummary: {
    tags,
    summary: 'List what the caller can allocate now',
    description:
      "The caller's own Default pool's available units by product group. Expired lots and groups with nothing " +
      'available are left out.',
  },
  mySummary: {
    tags,
    summary: "List the caller's own Default pool by product group",
    description: 'Paged. `search` matches product code, name or edition; allocatedCount is what was handed on.',
  },
  exportMySummary: {
    tags,
    summary: "Export the caller's own Default pool by product group as CSV",
    ...csvExportDocs(
      'license-allocations',
      'Every group the License Allocations list shows with the same `search`, not only one page, in its order.',
    ),
  },
  childSummary: {
    tags,
    summary: 'Read what a child account holds',
    description:
      'The child, the pool it draws from and what its own Default pool holds. The child must be below the ' +
      'caller in its read scope; any other id is a 404.',
    refusals: { 404: 'No such account below the caller in its read scope.' },
  },
  poolSummary: {
    tags,
    summary: 'Read what one pool holds by product group',
    description:
      "A pool owned inside the caller's read scope, or the shared pool the caller draws from; any other id is a 404.",
    refusals: { 404: 'No such pool in the caller’s read scope.' },
  },
  allocationHierarchy: {
    tags: ['License pools'],
    summary: 'Read the dashboard’s allocation hierarchy',
    description:
      "The caller's Default pool, its shared pools, its children and the pool it draws from. An Auditor " +
      'sees the hierarchy of the organisation it audits (its parent). Pools and children ' +
      'without stock are listed with empty productAllocations.',
  },
  exportDashboard: {
    tags: ['License pools'],
    summary: 'Export one section of the dashboard as CSV',
    ...csvExportDocs(
      'dashboard-<section>',
      "One section of the caller's dashboard, every row: `own` (Dashboard: its Default pool), `account` " +
        '(Account Pool: the shared pool it draws from), `shared` (Shared Pool Licenses) or `users` (Users ' +
        'Licenses: its direct children). The same accounts and pools as the hierarchy (an Auditor: the ' +
        'organisation it audits); `search` matches product code, name or edition, and in `users` the ' +
        "child's name or email.",
    ),
  },
} satisfies Record<string, RouteDocs>;
