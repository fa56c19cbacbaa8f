import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserSchema,
  loginRequestSchema,
  loginResponseSchema,
  tokenResponseSchema,
  validateTwoFactorRequestSchema,
} from '@portal/contracts/auth';
import { envelope } from '@portal/contracts/envelope';
import type { RouteDeps } from '../../app';
import { audit } from '../../lib/audit';
import { AppError, unauthorized } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { principalOf } from '../../plugins/authorize';
import { currentUser, login, normalizeEmail } from './auth.service';
import { revokeSession } from './sessions.repository';
import { resendTwoFactor, verifyTwoFactor } from './two-factor.service';

const pending = { permission: 'self:read', beforeEula: true, session: ['two-factor'] } as const;

/** Sign-in, 2FA and the current session: `User/login`, `validate-2fa`, `resend-2fa`, `me`, `logout`. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const attemptsPerMinute = deps.config.RATE_LIMIT_PER_ADDRESS;

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['Sign-in'],
        summary: 'Sign in with email and password',
        description:
          'Answers a full session token, or a pending token that opens only the forced password change ' +
          '(`requirePasswordChange`) or the 2FA calls (`requireTwoFactor`). Limited to 10 failures per email ' +
          'per 15 minutes and 30 attempts per minute per address (429 with Retry-After).',
        security: [],
        body: loginRequestSchema,
        response: { 200: envelope(loginResponseSchema) },
      },
    },
    async (request) => {
      const now = clock.now();
      try {
        const { response, account } = await login(deps, request.body, { ip: request.ip, attemptsPerMinute }, now);
        const step = response.requirePasswordChange
          ? 'password-change'
          : response.requireTwoFactor
            ? 'two-factor'
            : 'complete';
        audit(request.log, 'auth.login', 'success', account.id, now, { step });
        return { success: true as const, data: response };
      } catch (error) {
        if (error instanceof AppError) {
          audit(
            request.log,
            'auth.login',
            error.statusCode === 429 ? 'refused' : 'failure',
            normalizeEmail(request.body.email),
            now,
            {
              status: error.statusCode,
            },
          );
        }
        throw error;
      }
    },
  );

  app.post(
    '/validate-2fa',
    {
      config: pending,
      schema: {
        tags: ['Sign-in'],
        summary: 'Complete sign-in with the emailed code',
        description:
          'With the pending two-factor token as bearer. 5 wrong codes end the challenge; 6 tries per minute.',
        body: validateTwoFactorRequestSchema,
        response: { 200: envelope(tokenResponseSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const bearer = request.headers.authorization?.slice('Bearer '.length) ?? '';
      if (hashToken(request.body.token) !== hashToken(bearer))
        throw unauthorized('This sign-in has ended. Please sign in again.');
      try {
        const { token } = await verifyTwoFactor(deps, principal, request.body.twoFactorCode, now);
        audit(request.log, 'auth.2fa', 'success', principal.accountId, now);
        return { success: true as const, data: { token } };
      } catch (error) {
        audit(request.log, 'auth.2fa', 'failure', principal.accountId, now, {
          status: error instanceof AppError ? error.statusCode : 500,
        });
        throw error;
      }
    },
  );

  app.post(
    '/resend-2fa',
    {
      config: pending,
      schema: {
        tags: ['Sign-in'],
        summary: 'Mail a new 2FA code (replaces the old one)',
        description: '30 seconds apart, at most 5 per 30 minutes.',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      await resendTwoFactor(db, deps.mail, principal, now);
      audit(request.log, 'auth.2fa.resend', 'success', principal.accountId, now);
      return { success: true as const, message: 'A new code has been sent to your email.', data: null };
    },
  );

  app.get(
    '/me',
    {
      config: { permission: 'self:read', beforeEula: true },
      schema: { tags: ['Sign-in'], summary: 'The signed-in account', response: { 200: envelope(currentUserSchema) } },
    },
    async (request) => ({ success: true as const, data: currentUser(principalOf(request)) }),
  );

  app.post(
    '/logout',
    {
      config: { permission: 'self:read', beforeEula: true, session: ['full', 'two-factor', 'password-change'] },
      schema: { tags: ['Sign-in'], summary: 'End this session', response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const principal = principalOf(request);
      await revokeSession(db, principal.sessionId, clock.now());
      audit(request.log, 'auth.logout', 'success', principal.accountId, clock.now());
      return { success: true as const, data: null };
    },
  );
};
