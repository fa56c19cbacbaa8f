import type { RouteDocs } from '../../core/endpoint';
import { csvExportDocs } from '../../lib/csv';

const tags = ['Licenses'];

/** How the OpenAPI document describes each route of licenses.routes.ts, by endpoint name. */
export const DOCS = {
  licenses: {
    tags,
    summary: 'List the licenses (lots) visible to the caller',
    description:
      'Newest first. SuperAdmin: every lot. Admin and Auditor: lots issued to an account of their organisation, or of which a pool ' +
      'of their organisation holds units. `search` finds product code or name, customer name or email, order id; ' +
      '`status` (Active, Expired, Exhausted) is computed when read.',
  },
  exportLicenses: {
    tags,
    summary: 'Export the licenses (lots) visible to the caller as CSV',
    ...csvExportDocs(
      'licenses',
      'Every lot the list shows with the same `search` and `status`, not only one page, in its order (newest ' +
        'first), with the same scope rules.',
    ),
  },
  createLicense: {
    tags,
    summary: 'Create a license: a new lot, or a lot drawn from one the caller holds',
    description:
      'A SuperAdmin issues a new lot to the account with customerEmail, creating it as a top-level Admin when new. ' +
      'An Admin issues a new lot drawn from one lot it holds (`sourceLicenseId`, from `GET /License/issuable`; ' +
      'without it, the soonest-expiring held lot of the product, edition and usage type that covers the count and ' +
      'the term) to one of its own users, creating it as its child Admin when new: same product, edition and usage ' +
      'type, a start on or after the held lot’s, an expiry on or before it, at most its available units. The new ' +
      'lot belongs to the customer (Revoke cannot take it back). A refusal changes nothing. A new customer is ' +
      'mailed a link to confirm its address, then its sign-in details (decisions 015 and 029).',
    refusals: {
      400:
        'An unknown product code or edition; (Admin) a product, edition or usage type other than the held lot’s, ' +
        'a start before it or an expiry after it: the message names the date that is possible.',
      409:
        'Admin: customerEmail is its own or that of an account outside its users; more units than the held lot ' +
        'has available (the message says how many it can issue); a held lot that is expired, not started or not ' +
        'held.',
    },
  },
  issuableLicenses: {
    tags,
    summary: 'List the lots the caller can issue a new lot from (Admin)',
    description:
      'The lots the caller holds in its own Default pool that have started, have not expired and have units ' +
      'available, by product, then soonest expiry (perpetual last). A lot issued from one keeps its product, ' +
      'edition and usage type, starts on or after its startDate, ends on or before its expiryDate and counts at ' +
      'most `available` units (decision 029).',
  },
  products: {
    tags,
    summary: 'List the product catalogue',
    description: 'Each product’s code, name, description and editions.',
  },
  usageReport: {
    tags: ['License usage report'],
    summary: 'List units held per account and product (SuperAdmin)',
    description:
      'One row per account and product: what the pools the account owns hold. available leaves expired lots out; ' +
      'total = available + in transit + consumed. `SearchTerm` finds account name or email and product code or ' +
      'name; `filters=productCode:MBX` (repeatable). Ordered by account name, then product name.',
  },
  exportUsageReport: {
    tags: ['License usage report'],
    summary: 'Export the units held per account and product as CSV (SuperAdmin)',
    ...csvExportDocs(
      'license-usage',
      'Every row the report shows with the same `SearchTerm` and `filters`, not only one page, in its order ' +
        '(account name, then product name).',
    ),
  },
} satisfies Record<string, RouteDocs>;
