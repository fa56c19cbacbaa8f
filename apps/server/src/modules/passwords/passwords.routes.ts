import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { normalizeEmail } from '../../core/email';
import { ok, routeOf } from '../../core/endpoint';
import { AppError } from '../../core/errors';
import { principalOf } from '../../core/principal';
import type { Account } from '../../db/schema';
import { auditInside, recordAudit } from '../audit';
import { hit } from '../../core/rate-limit';
import { BackgroundWork } from './background-work';
import { type PasswordRules, passwordRequirements, strengthCheckOf } from './password-policy';
import {
  acceptPasswordResetRequest,
  changePassword,
  issuePasswordReset,
  RESET_REQUESTED,
  resetPassword,
} from './passwords.service';

const tags = ['Passwords'];

type RouteApp = Parameters<FastifyPluginAsyncZod<{ deps: RouteDeps }>>[0];
type Requirements = PasswordRules;

/** Passwords: the policy, change (settings and forced), forgot and reset. */
export const passwordRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const requirements = passwordRequirements(deps.config);
  const background = new BackgroundWork(app.log);
  app.addHook('onClose', () => background.drain());

  app.route({
    ...routeOf(ENDPOINTS.passwordRequirements, {
      tags,
      summary: 'Read the password policy',
      description: 'What every new password must meet.',
      security: [],
    }),
    config: { public: true },
    handler: async () => ok({ requirements }),
  });

  // zxcvbn in the worker pool (decision 039).
  const rules: PasswordRules = { ...requirements, strength: strengthCheckOf(deps.cpu) };
  changePasswordRoute(app, deps, rules);
  resetPasswordRoutes(app, deps, rules, background);
};

/** The change of a known password, from the settings or forced at first sign-in. */
function changePasswordRoute(app: RouteApp, deps: RouteDeps, requirements: Requirements) {
  const { db, clock } = deps;
  app.route({
    ...routeOf(ENDPOINTS.changePassword, {
      tags,
      summary: 'Change the password',
      description:
        'Also the forced change at first sign-in. Ends every session of the account and answers the token of a new one. A wrong old password counts ' +
        'as a failed sign-in (10 per 15 minutes per account); past the limit the answer is 429 and this ' +
        'session ends.',
      refusals: {
        400: 'The old password is not correct, or the new one equals it or fails the policy.',
        429: 'Past 10 failed sign-ins of the account in 15 minutes (wrong old passwords count): this session ends too.',
      },
    }),
    config: { permission: 'self:read', beforeEula: true, session: ['full', 'password-change'] },
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      try {
        const audit = auditInside(request, () => ({
          event: 'auth.password.change',
          actor: principal.accountId,
          at: now,
          detail: { forced: principal.kind === 'password-change' },
        }));
        const { token, requireMfaSetup, mfaSetupMethods } = await changePassword(
          db,
          deps.sessionPolicy,
          requirements,
          principal,
          request.body,
          now,
          audit.write,
        );
        audit.log();
        return ok('Your password has been changed.', { token, requireMfaSetup, mfaSetupMethods });
      } catch (error) {
        if (error instanceof AppError)
          await recordAudit(db, request, 'auth.password.change', 'failure', principal.accountId, now);
        throw error;
      }
    },
  });
}

/** Forgot and reset: a link by mail, then a new password from it. */
function resetPasswordRoutes(app: RouteApp, deps: RouteDeps, requirements: Requirements, background: BackgroundWork) {
  const { db, clock, config } = deps;
  app.route({
    ...routeOf(ENDPOINTS.forgotPassword, {
      tags,
      summary: 'Mail a password reset link',
      description: 'Answers the same whether or not the email has an account. 5 per hour per email.',
      security: [],
      refusals: { 429: 'More than 5 requests an hour for this email.' },
    }),
    config: { public: true },
    handler: async (request) => {
      const now = clock.now();
      const { email } = request.body;
      await acceptPasswordResetRequest(db, email, now);
      // Nothing below depends on whether the email has an account: both answer in the same time.
      background.run('auth.password.forgot', async () => {
        const account = await issuePasswordReset(db, deps.mail, config.PUBLIC_URL, email, now);
        // Written after the answer went out, so the queue's after-response kick missed it: send now.
        if (account) deps.mail.kick();
        await recordAudit(
          db,
          request,
          'auth.password.forgot',
          account ? 'success' : 'refused',
          account?.id ?? normalizeEmail(email),
          now,
        );
      });
      return ok(RESET_REQUESTED, null);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.resetPassword, {
      tags,
      summary: 'Set a new password from a reset link',
      description: 'The link works once, for 60 minutes; a newer link voids it. Ends every session of the account.',
      security: [],
      refusals: {
        400: 'The link is unknown, used or expired, or the new password fails the policy.',
        429: 'More than RATE_LIMIT_PER_ADDRESS (default 30) resets a minute from this address.',
      },
    }),
    config: { public: true },
    handler: async (request) => {
      const now = clock.now();
      await hit(db, { key: `reset-ip:${request.ip}`, max: config.RATE_LIMIT_PER_ADDRESS, windowSeconds: 60 }, now);
      try {
        const audit = auditInside(request, (account: Account) => ({
          event: 'auth.password.reset',
          actor: account.id,
          at: now,
        }));
        await resetPassword(db, requirements, request.body, now, audit.write);
        audit.log();
        return ok('Your password has been reset. Please sign in.', null);
      } catch (error) {
        await recordAudit(db, request, 'auth.password.reset', 'failure', normalizeEmail(request.body.email), now);
        throw error;
      }
    },
  });
}
