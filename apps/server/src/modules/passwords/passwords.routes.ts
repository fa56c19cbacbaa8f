import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { normalizeEmail } from '../../core/email';
import { routeOf } from '../../core/endpoint';
import { AppError } from '../../core/errors';
import { principalOf } from '../../core/principal';
import { audit } from '../../lib/audit';
import { hit } from '../../lib/rate-limit';
import { passwordRequirements } from './password-policy';
import { changePassword, requestPasswordReset, RESET_REQUESTED, resetPassword } from './password.service';

const tags = ['Passwords'];

/** Passwords: the policy, change (settings and forced), forgot and reset. */
export const passwordRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const requirements = passwordRequirements(config);

  app.route({
    ...routeOf(ENDPOINTS.passwordRequirements, {
      tags,
      summary: 'The password policy every password must meet',
      security: [],
    }),
    config: { public: true },
    handler: async () => ({ success: true as const, data: { requirements } }),
  });

  app.route({
    ...routeOf(ENDPOINTS.changePassword, {
      tags,
      summary: 'Change the password (also the forced change at first sign-in)',
      description: 'Ends every session of the account and answers the token of a new one.',
    }),
    config: { permission: 'self:read', beforeEula: true, session: ['full', 'password-change'] },
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(ENDPOINTS.forgotPassword, {
      tags,
      summary: 'Mail a password reset link',
      description: 'Answers the same whether or not the email has an account. 5 per hour per email.',
      security: [],
    }),
    config: { public: true },
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(ENDPOINTS.resetPassword, {
      tags,
      summary: 'Set a new password from a reset link',
      description: 'The link works once, for 60 minutes; a newer link voids it. Ends every session of the account.',
      security: [],
    }),
    config: { public: true },
    handler: async (request) => {
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
  });
};
