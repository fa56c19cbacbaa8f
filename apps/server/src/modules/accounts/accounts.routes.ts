import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { auditedChange, csvExportHandler } from '../audit';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import { passwordRequirements } from '../passwords';
import { csvExportDocs, EXPORT_BATCH } from '../../lib/csv';
import { ACCOUNT_COLUMNS, CHILD_COLUMNS } from './accounts.csv';
import {
  allAccountBatches,
  childAccountBatches,
  listAllAccounts,
  listChildAccounts,
  listChildrenWithoutLicenses,
} from './accounts.repository';
import {
  type AccountDeps,
  createChildAccount,
  setChildPassword,
  setStatus,
  transferAccount,
  updatePool,
  updateRoles,
} from './accounts.service';

const read = { permission: 'child-accounts:read' } as const;
const write = { permission: 'child-accounts:write' } as const;
const tags = ['Accounts'];

/** Child accounts and the SuperAdmin's accounts list: the `User/...` account calls (docs/product.md#the-api). */
export const accountsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const accountDeps: AccountDeps = {
    db,
    mail: deps.mail,
    publicUrl: config.PUBLIC_URL,
    downloadUrl: config.DOWNLOAD_URL,
    requirements: passwordRequirements(config),
  };

  app.route({
    ...routeOf(ENDPOINTS.childAccounts, {
      tags,
      summary: 'List the accounts below the caller',
      description:
        'Admin: its subtree; Auditor: its organisation. Optional paging and `search` (name, email or pool); ' +
        'without paging, the whole list (at most 2,500).',
    }),
    config: read,
    handler: async (request) => {
      const page = await listChildAccounts(db, principalOf(request), request.query);
      // Without paging the whole list is one page.
      return paged(page, request.query.pageNumber ?? 1, request.query.pageSize ?? Math.max(page.rows.length, 1));
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportChildAccounts, {
      tags,
      summary: 'Export the accounts below the caller as CSV',
      ...csvExportDocs(
        'users',
        'Every account the Users list shows with the same `search` (and `eligibleForPoolId`), not only one ' +
          'page, in its order (by name), with the same scope: Admin its subtree, Auditor its organisation.',
      ),
      refusals: { 404: 'eligibleForPoolId names no pool in the caller’s read scope.' },
    }),
    config: read,
    handler: csvExportHandler(deps, ENDPOINTS.exportChildAccounts, {
      what: 'users',
      columns: CHILD_COLUMNS,
      rows: ({ principal, query }) => childAccountBatches(db, principal, query, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.childAccountsWithoutLicenses, {
      tags,
      summary: "List the caller's children that hold no stock",
      description:
        "The caller's own children that are Individual (in no shared pool) and hold no stock: a child holds no " +
        'stock when its own Default pool has no unit of any lot (decision 016).',
    }),
    config: write,
    handler: async (request) => ok(await listChildrenWithoutLicenses(db, principalOf(request))),
  });

  app.route({
    ...routeOf(ENDPOINTS.allAccounts, {
      tags,
      summary: 'List every account (SuperAdmin)',
      description: 'Paged. `search` finds name, email or a role; `sortBy` name, email or active.',
    }),
    config: { permission: 'accounts:read-all' },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listAllAccounts(db, request.query), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.exportAllAccounts, {
      tags,
      summary: 'Export every account as CSV',
      ...csvExportDocs(
        'accounts',
        'Every account the SuperAdmin’s list shows with the same `search`, `sortBy` and `sortOrder`, not only ' +
          'one page.',
      ),
    }),
    config: { permission: 'accounts:read-all' },
    handler: csvExportHandler(deps, ENDPOINTS.exportAllAccounts, {
      what: 'accounts',
      columns: ACCOUNT_COLUMNS,
      rows: ({ query }) => allAccountBatches(db, query, EXPORT_BATCH),
    }),
  });

  app.route({
    ...routeOf(ENDPOINTS.createChildAccount, {
      tags,
      summary: 'Create a child account',
      description:
        'The new account is mailed a link to confirm its address, then its sign-in details. A taken email is a 409.',
      refusals: {
        404: "licensePoolId is not one of the caller's shared pools.",
        409: 'An account already has this email.',
      },
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const created = await auditedChange(
        db,
        request,
        (tx) => createChildAccount({ ...accountDeps, db: tx }, principal, request.body, now),
        (done) => ({ event: 'account.create', actor: principal.accountId, at: now, detail: { target: done.id } }),
      );
      return ok('Child account created successfully', created);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.updatePool, {
      tags,
      summary: 'Move a child into a shared pool, or make it Individual',
      description: "licensePoolId: one of the child's parent's shared pools, or null for Individual.",
      refusals: {
        403: 'The account has no parent whose pools it could join.',
        404: "No such account below the caller, or the pool is not a shared pool of the child's parent.",
      },
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const { pool } = await auditedChange(
        db,
        request,
        (tx) => updatePool(tx, principal, request.body),
        (done) => ({
          event: 'account.pool',
          actor: principal.accountId,
          at: clock.now(),
          detail: { target: request.body.userId, pool: done.pool?.id ?? 'Individual' },
        }),
      );
      return ok(pool ? `Moved to pool ${pool.name}.` : 'Set to Individual.', null);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.updateRoles, {
      tags,
      summary: "Set a child's roles",
      description: 'User, Admin or Auditor; never the caller’s own.',
      refusals: { 403: 'userId is the caller’s own account.', 404: 'No such account below the caller.' },
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      await auditedChange(
        db,
        request,
        (tx) => updateRoles(tx, principal, request.body),
        () => ({
          event: 'account.roles',
          actor: principal.accountId,
          at: clock.now(),
          detail: { target: request.body.userId, roles: request.body.roles.join(',') },
        }),
      );
      return ok('Roles updated.', null);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.toggleChildStatus, {
      tags,
      summary: 'Activate or deactivate a child',
      description: 'Deactivation ends the child’s sessions at once.',
      refusals: { 403: 'childId is the caller’s own account.', 404: 'No such account below the caller.' },
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      await auditedChange(
        db,
        request,
        (tx) => setStatus(tx, principal, request.body, clock.now()),
        () => ({
          event: 'account.status',
          actor: principal.accountId,
          at: clock.now(),
          detail: { target: request.body.childId, active: request.body.active },
        }),
      );
      return ok(request.body.active ? 'User activated.' : 'User deactivated.', null);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.setChildPassword, {
      tags,
      summary: "Reset a child's password",
      description:
        'System-generated (mailed to the child, changed at next sign-in) or typed by the Admin (policy checked).',
      refusals: {
        400: 'A typed password that fails the policy, or a typed one for a child with 2FA (only a mailed one then).',
        403: 'childId is the caller’s own account.',
        404: 'No such account below the caller.',
      },
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const { email, generated } = await auditedChange(
        db,
        request,
        (tx) => setChildPassword({ ...accountDeps, db: tx }, principal, request.body, clock.now()),
        (done) => ({
          event: 'account.password.set',
          actor: principal.accountId,
          at: clock.now(),
          detail: { target: request.body.childId, generated: done.generated },
        }),
      );
      return ok(generated ? `A new password has been emailed to ${email}.` : 'Password updated.', null);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.updateEmail, {
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
    }),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const { transferred } = await auditedChange(
        db,
        request,
        (tx) => transferAccount({ ...accountDeps, db: tx }, principal, request.body, clock.now()),
        (done) => ({
          event: 'account.transfer',
          actor: principal.accountId,
          at: clock.now(),
          detail: { target: request.body.userId, transferred: done.transferred },
        }),
      );
      return ok(
        transferred
          ? `Account transferred. A confirmation email has been sent to ${request.body.newEmail}.`
          : 'Account name updated.',
        null,
      );
    },
  });
};
