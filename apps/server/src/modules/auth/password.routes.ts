import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
} from '@portal/contracts/auth';
import { envelope } from '@portal/contracts/envelope';
import { passwordRequirementsSchema } from '@portal/contracts/password-policy';
import type { RouteDeps } from '../../app';
import { audit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { principalOf } from '../../plugins/authorize';
import { normalizeEmail } from './auth.service';
import { CONFIRM_LINK_INVALID, confirmEmail, confirmPageUrl } from './email-validation.service';
import { passwordRequirements } from './password-policy';
import { BackgroundWork } from './background-work';
import {
  acceptPasswordResetRequest,
  changePassword,
  issuePasswordReset,
  RESET_REQUESTED,
  resetPassword,
} from './password.service';

/** Passwords: the policy, change (settings and forced), forgot and reset, and the email-validation link. */
export const passwordRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const requirements = passwordRequirements(config);
  const background = new BackgroundWork(app.log);
  app.addHook('onClose', () => background.drain());

  app.get(
    '/password-requirements',
    {
      config: { public: true },
      schema: {
        tags: ['Passwords'],
        summary: 'The password policy every password must meet',
        security: [],
        response: { 200: envelope(z.object({ requirements: passwordRequirementsSchema })) },
      },
    },
    async () => ({ success: true as const, data: { requirements } }),
  );

  app.post(
    '/change-password',
    {
      config: { permission: 'self:read', beforeEula: true, session: ['full', 'password-change'] },
      schema: {
        tags: ['Passwords'],
        summary: 'Change the password (also the forced change at first sign-in)',
        description:
          'Ends every session of the account and answers the token of a new one. A wrong old password counts ' +
          'as a failed sign-in (10 per 15 minutes per account); past the limit the answer is 429 and this ' +
          'session ends.',
        body: changePasswordRequestSchema,
        response: { 200: envelope(tokenResponseSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      try {
        const { token } = await changePassword(db, deps.sessionPolicy, requirements, principal, request.body, now);
        audit(request.log, 'auth.password.change', 'success', principal.accountId, now, {
          forced: principal.kind === 'password-change',
        });
        return { success: true as const, message: 'Your password has been changed.', data: { token } };
      } catch (error) {
        if (error instanceof AppError) audit(request.log, 'auth.password.change', 'failure', principal.accountId, now);
        throw error;
      }
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['Passwords'],
        summary: 'Mail a password reset link',
        description: 'Answers the same whether or not the email has an account. 5 per hour per email.',
        security: [],
        body: forgotPasswordRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const now = clock.now();
      const { email } = request.body;
      await acceptPasswordResetRequest(db, email, now);
      // Nothing below depends on whether the email has an account: both answer in the same time.
      background.run('auth.password.forgot', async () => {
        const account = await issuePasswordReset(db, deps.mail, config.PUBLIC_URL, email, now);
        audit(
          request.log,
          'auth.password.forgot',
          account ? 'success' : 'refused',
          account?.id ?? normalizeEmail(email),
          now,
        );
      });
      return { success: true as const, message: RESET_REQUESTED, data: null };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { public: true },
      schema: {
        tags: ['Passwords'],
        summary: 'Set a new password from a reset link',
        description: 'The link works once, for 60 minutes; a newer link voids it. Ends every session of the account.',
        security: [],
        body: resetPasswordRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const now = clock.now();
      await hit(db, { key: `reset-ip:${request.ip}`, max: 30, windowSeconds: 60 }, now);
      try {
        const account = await resetPassword(db, requirements, request.body, now);
        audit(request.log, 'auth.password.reset', 'success', account.id, now);
        return { success: true as const, message: 'Your password has been reset. Please sign in.', data: null };
      } catch (error) {
        audit(request.log, 'auth.password.reset', 'failure', normalizeEmail(request.body.email), now);
        throw error;
      }
    },
  );

  app.get(
    '/confirm-email',
    {
      config: { public: true },
      schema: {
        tags: ['Passwords'],
        summary: 'The link of validation mails sent before links opened the confirmation page',
        description:
          'Changes nothing: redirects to the page `/?p=confirm-email&token=…`, which confirms with ' +
          '`POST User/confirm-email` when the person presses its button (mail scanners follow links).',
        security: [],
        querystring: z.object({ token: z.string().max(128).default('') }),
      },
    },
    async (request, reply) => {
      const page = new URL(confirmPageUrl(config.PUBLIC_URL, request.query.token));
      return reply.redirect(`${page.pathname}${page.search}`, 303);
    },
  );

  app.post(
    '/confirm-email',
    {
      config: { public: true },
      schema: {
        tags: ['Passwords'],
        summary: 'Confirm an email address with the token of the account-created mail',
        description: 'Single use. Confirms the address and mails the sign-in details (a one-time password).',
        security: [],
        body: z.object({ token: z.string().min(1).max(128) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const now = clock.now();
      await hit(db, { key: `confirm-ip:${request.ip}`, max: 30, windowSeconds: 60 }, now);
      const account = await confirmEmail(
        { db, mail: deps.mail, publicUrl: config.PUBLIC_URL, downloadUrl: config.DOWNLOAD_URL, requirements },
        request.body.token,
        now,
      );
      audit(request.log, 'auth.email.confirm', account ? 'success' : 'failure', account?.id ?? 'unknown', now);
      if (!account) throw badRequest(CONFIRM_LINK_INVALID);
      return { success: true as const, message: 'Your email address has been validated.', data: null };
    },
  );
};
