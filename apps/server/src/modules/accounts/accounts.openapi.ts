import type { RouteDocs } from '../../core/endpoint';
import { csvExportDocs } from '../../lib/csv';

const tags = ['Accounts'];

/** How the OpenAPI document describes each route of accounts.routes.ts, by endpoint name. */
export const DOCS = {
  childAccounts: {
    tags,
    summary: 'List the accounts below the caller',
    description:
      'Admin: its subtree; Auditor: its organisation. Optional paging and `search` (name, email or pool); ' +
      'without paging, the whole list (at most 2,500).',
  },
  exportChildAccounts: {
    tags,
    summary: 'Export the accounts below the caller as CSV',
    ...csvExportDocs(
      'users',
      'Every account the Users list shows with the same `search` (and `eligibleForPoolId`), not only one ' +
        'page, in its order (by name), with the same scope: Admin its subtree, Auditor its organisation.',
    ),
    refusals: { 404: 'eligibleForPoolId names no pool in the caller’s read scope.' },
  },
  childAccountsWithoutLicenses: {
    tags,
    summary: "List the caller's children that hold no stock",
    description:
      "The caller's own children that are Individual (in no shared pool) and hold no stock: a child holds no " +
      'stock when its own Default pool has no unit of any lot (decision 016).',
  },
  allAccounts: {
    tags,
    summary: 'List every account (SuperAdmin)',
    description: 'Paged. `search` finds name, email or a role; `sortBy` name, email or active.',
  },
  exportAllAccounts: {
    tags,
    summary: 'Export every account as CSV',
    ...csvExportDocs(
      'accounts',
      'Every account the SuperAdmin’s list shows with the same `search`, `sortBy` and `sortOrder`, not only ' +
        'one page.',
    ),
  },
  createChildAccount: {
    tags,
    summary: 'Create a child account',
    description:
      'The new account is mailed a link to confirm its address, then its sign-in details. A taken email is a 409.',
    refusals: {
      404: "licensePoolId is not one of the caller's shared pools.",
      409: 'An account already has this email.',
    },
  },
  updatePool: {
    tags,
    summary: 'Move a child into a shared pool, or make it Individual',
    description: "licensePoolId: one of the child's parent's shared pools, or null for Individual.",
    refusals: {
      403: 'The account has no parent whose pools it could join.',
      404: "No such account below the caller, or the pool is not a shared pool of the child's parent.",
    },
  },
  updateRoles: {
    tags,
    summary: "Set a child's roles",
    description: 'User, Admin or Auditor; never the caller’s own.',
    refusals: { 403: 'userId is the caller’s own account.', 404: 'No such account below the caller.' },
  },
  toggleChildStatus: {
    tags,
    summary: 'Activate or deactivate a child',
    description: 'Deactivation ends the child’s sessions at once.',
    refusals: { 403: 'childId is the caller’s own account.', 404: 'No such account below the caller.' },
  },
  setChildPassword: {
    tags,
    summary: "Reset a child's password",
    description:
      'System-generated (mailed to the child, changed at next sign-in) or typed by the Admin (policy checked).',
    refusals: {
      400: 'A typed password that fails the policy, or a typed one for a child with 2FA (only a mailed one then).',
      403: 'childId is the caller’s own account.',
      404: 'No such account below the caller.',
    },
  },
  resetChildMfa: {
    tags,
    summary: "Reset a child's second factors",
    description:
      'Removes the child’s authenticator app, recovery codes and passkeys, ends its sessions and mails it. ' +
      'The emailed code stays as it was. When the organisation requires a factor, the child sets one up at its next sign-in.',
    refusals: { 403: 'childId is the caller’s own account.', 404: 'No such account below the caller.' },
  },
  updateEmail: {
    tags,
    summary: 'Transfer a child account to a new email and name',
    description:
      'A new email ends the account’s sessions, voids its password and mails the new address a link to ' +
      'confirm it; the same email with a new name only renames it.',
    refusals: {
      403: 'userId is the caller’s own account.',
      404: 'No such account below the caller.',
      409: 'Another account has the new email.',
    },
  },
  accountImports: {
    tags,
    summary: "List the caller's user imports",
    description: 'Newest first, each with its rows counted by plan (dry run) and by result, and its state.',
  },
  createAccountImport: {
    tags,
    summary: 'Upload a CSV file of users: the dry run',
    description:
      'The file as text (`csv`, at most 5 MB and 10,000 rows), its first line naming the columns Name, Email, ' +
      'Role, Pool and Products (Role, Pool and Products optional; the Users export imports as it is). Nothing is ' +
      'created: each row is planned (Create, Skip when its email has an account, Error with the reason) and the ' +
      'units of the rows to create are counted against the caller’s stock, top down. Products read `MBX=5; ARC=2`: ' +
      'a product code, or a kind (group key) when the caller holds several of that code.',
    refusals: {
      400:
        'The file is no CSV of users: binary data, no header, an unknown or missing column, no rows, more than ' +
        '10,000 rows, more than 5 MB. A body larger still is refused with 413.',
    },
  },
  accountImport: {
    tags,
    summary: 'Read one import: its counts and progress',
    description: 'Planned before it is applied, Applying while rows are queued, Done once every row has its result.',
    refusals: { 404: 'No import of the caller’s with this id.' },
  },
  accountImportRows: {
    tags,
    summary: "Read an import's rows",
    description: 'In file order, 25 to 100 a page; `show` keeps the rows of one plan or one result.',
    refusals: { 404: 'No import of the caller’s with this id.' },
  },
  applyAccountImport: {
    tags,
    summary: 'Apply an import',
    description:
      'Queues its rows to create; the server creates them in the background, each row (account, confirmation ' +
      'mail, units, audit rows) in a transaction of its own, so that a failed row stops nothing else. A row whose ' +
      'email has an account by then is skipped: an import never creates an account twice.',
    refusals: {
      400: 'No row of the import is to be created.',
      404: 'No import of the caller’s with this id.',
      409: 'The import was applied already.',
    },
  },
  accountImportResult: {
    tags,
    summary: "Download an import's result as CSV",
    ...csvExportDocs('user-import', 'Every row of the import as uploaded, with its Status and Message.'),
    refusals: { 404: 'No import of the caller’s with this id.' },
  },
} satisfies Record<string, RouteDocs>;
