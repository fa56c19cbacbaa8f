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
import { AppError } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { principalOf } from '../../plugins/authorize';
import { normalizeEmail } from './auth.service';
import { confirmEmail } from './email-validation.service';
import { passwordRequirements } from './password-policy';
import { changePassword, requestPasswordReset, RESET_REQUESTED, resetPassword } from './password.service';

/** Passwords: the policy, change (settings and forced), forgot and reset, and the email-validation link. */
export const passwordRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const requirements = passwordRequirements(config);

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
        description: 'Ends every session of the account and answers the token of a new one.',
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
      const account = await requestPasswordReset(db, deps.mail, config.PUBLIC_URL, request.body.email, now);
      audit(
        request.log,
        'auth.password.forgot',
        account ? 'success' : 'refused',
        account?.id ?? normalizeEmail(request.body.email),
        now,
      );
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
      await hit(db, { key: `reset-ip:${request.ip}`, max: config.RATE_LIMIT_PER_ADDRESS, windowSeconds: 60 }, now);
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
        summary: 'The link of the account-created mail',
        description: 'Confirms the address, mails the sign-in details, and redirects to `/?p=confirm`.',
        security: [],
        querystring: z.object({ token: z.string().max(128).default('') }),
      },
    },
    async (request, reply) => {
      const now = clock.now();
      await hit(db, { key: `confirm-ip:${request.ip}`, max: config.RATE_LIMIT_PER_ADDRESS, windowSeconds: 60 }, now);
      const account = await confirmEmail(
        { db, mail: deps.mail, publicUrl: config.PUBLIC_URL, downloadUrl: config.DOWNLOAD_URL, requirements },
        request.query.token,
        now,
      );
      audit(request.log, 'auth.email.confirm', account ? 'success' : 'failure', account?.id ?? 'unknown', now);
      return reply.redirect(account ? '/?p=confirm' : '/?p=confirm-invalid', 303);
    },
  );
};
