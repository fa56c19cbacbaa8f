import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountRefSchema,
  accountUserSchema,
  childAccountSchema,
  childAccountsQuerySchema,
  createChildAccountSchema,
  setChildPasswordSchema,
  toggleChildStatusSchema,
  updateEmailSchema,
  updatePoolSchema,
  updateRolesSchema,
} from '@portal/contracts/accounts';
import { envelope, pageInfoSchema } from '@portal/contracts/envelope';
import type { RouteDeps } from '../../app';
import { audit } from '../../lib/audit';
import { pageInfo } from '../../lib/paging';
import { principalOf } from '../../plugins/authorize';
import { passwordRequirements } from '../auth/password-policy';
import { listAllAccounts, listChildAccounts, listChildrenWithoutLicenses } from './accounts.repository';
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
const done = envelope(z.null());

/** Child accounts and the SuperAdmin's accounts list: the `User/...` account calls of spec section 7. */
export const accountsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const accountDeps: AccountDeps = {
    db,
    mail: deps.mail,
    publicUrl: config.PUBLIC_URL,
    downloadUrl: config.DOWNLOAD_URL,
    requirements: passwordRequirements(config),
  };

  app.get(
    '/child-accounts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Accounts below the caller (Admin: its subtree; Auditor: its organisation)',
        description:
          'Optional paging and `search` (name, email or pool); without paging, the whole list (at most 2,500).',
        querystring: childAccountsQuerySchema,
        response: { 200: envelope(z.array(childAccountSchema)).extend({ pageInfo: pageInfoSchema }) },
      },
    },
    async (request) => {
      const { rows, total } = await listChildAccounts(db, principalOf(request), request.query);
      const pageSize = request.query.pageSize ?? Math.max(rows.length, 1);
      const pageNumber = request.query.pageNumber ?? 1;
      return {
        success: true as const,
        data: rows,
        pageInfo: pageInfo(pageNumber, pageSize, total),
      };
    },
  );

  app.get(
    '/child-accounts-without-licenses',
    {
      config: write,
      schema: {
        tags,
        summary: "The caller's own children that are Individual (in no shared pool)",
        response: { 200: envelope(z.array(accountRefSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listChildrenWithoutLicenses(db, principalOf(request)) }),
  );

  app.get(
    '/accounts',
    {
      config: { permission: 'accounts:read-all' },
      schema: { tags, summary: 'Every account (SuperAdmin)', response: { 200: envelope(z.array(accountUserSchema)) } },
    },
    async () => ({ success: true as const, data: await listAllAccounts(db) }),
  );

  app.post(
    '/create-child-account',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a child account',
        description:
          'The new account is mailed a link to confirm its address, then its sign-in details. A taken email is a 409.',
        body: createChildAccountSchema,
        response: { 200: envelope(z.object({ id: z.string(), name: z.string() })) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const created = await createChildAccount(accountDeps, principal, request.body, now);
      audit(request.log, 'account.create', 'success', principal.accountId, now, { target: created.id });
      return { success: true as const, message: 'Child account created successfully', data: created };
    },
  );

  app.post(
    '/update-pool',
    {
      config: write,
      schema: {
        tags,
        summary: "Assign a child to one of its parent's shared pools, or Individual (null)",
        body: updatePoolSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { pool } = await updatePool(db, principal, request.body);
      audit(request.log, 'account.pool', 'success', principal.accountId, clock.now(), {
        target: request.body.userId,
        pool: pool?.id ?? 'Individual',
      });
      return {
        success: true as const,
        message: pool ? `Moved to pool ${pool.name}.` : 'Set to Individual.',
        data: null,
      };
    },
  );

  app.post(
    '/update-roles',
    {
      config: write,
      schema: {
        tags,
        summary: "Set a child's roles (User, Admin, Auditor)",
        body: updateRolesSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await updateRoles(db, principal, request.body);
      audit(request.log, 'account.roles', 'success', principal.accountId, clock.now(), {
        target: request.body.userId,
        roles: request.body.roles.join(','),
      });
      return { success: true as const, message: 'Roles updated.', data: null };
    },
  );

  app.post(
    '/toggle-child-status',
    {
      config: write,
      schema: {
        tags,
        summary: 'Activate or deactivate a child (deactivation ends its sessions)',
        body: toggleChildStatusSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await setStatus(db, principal, request.body, clock.now());
      audit(request.log, 'account.status', 'success', principal.accountId, clock.now(), {
        target: request.body.childId,
        active: request.body.active,
      });
      return {
        success: true as const,
        message: request.body.active ? 'User activated.' : 'User deactivated.',
        data: null,
      };
    },
  );

  app.post(
    '/set-child-password',
    {
      config: write,
      schema: {
        tags,
        summary: "Reset a child's password",
        description:
          'System-generated (mailed to the child, changed at next sign-in) or typed by the Admin (policy checked).',
        body: setChildPasswordSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { email, generated } = await setChildPassword(accountDeps, principal, request.body, clock.now());
      audit(request.log, 'account.password.set', 'success', principal.accountId, clock.now(), {
        target: request.body.childId,
        generated,
      });
      return {
        success: true as const,
        message: generated ? `A new password has been emailed to ${email}.` : 'Password updated.',
        data: null,
      };
    },
  );

  app.put(
    '/update-email',
    {
      config: write,
      schema: {
        tags,
        summary: 'Transfer a child account to a new email and name',
        body: updateEmailSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { transferred } = await transferAccount(accountDeps, principal, request.body, clock.now());
      audit(request.log, 'account.transfer', 'success', principal.accountId, clock.now(), {
        target: request.body.userId,
        transferred,
      });
      return {
        success: true as const,
        message: transferred
          ? `Account transferred. A confirmation email has been sent to ${request.body.newEmail}.`
          : 'Account name updated.',
        data: null,
      };
    },
  );
};
