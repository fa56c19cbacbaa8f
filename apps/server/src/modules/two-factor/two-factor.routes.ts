import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { AppError, unauthorized } from '../../core/errors';
import { principalOf } from '../../core/principal';
import { auditInside, recordAudit } from '../audit';
import { hashToken } from '../../lib/tokens';
import { resendTwoFactor, verifyTwoFactor } from './two-factor.service';

const pending = { permission: 'self:read', beforeEula: true, session: ['two-factor'] } as const;
const tags = ['Sign-in'];

/** The second step of a 2FA sign-in: `User/validate-2fa` and `User/resend-2fa`. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.validateTwoFactor, {
      tags,
      summary: 'Complete sign-in with the emailed code',
      description:
        'With the pending two-factor token as bearer. 5 wrong codes end the sign-in (resends do not reset the ' +
        'count); 6 tries per minute per account and 20 per client address.',
      refusals: {
        400: 'The code is not correct, or has expired.',
        401: 'The token sent is not the bearer, the sign-in has ended, or this was the 5th wrong code.',
        429: 'More than 6 tries a minute for the account, or 20 from this address.',
      },
    }),
    config: pending,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const bearer = request.headers.authorization?.slice('Bearer '.length) ?? '';
      if (hashToken(request.body.token) !== hashToken(bearer))
        throw unauthorized('This sign-in has ended. Please sign in again.');
      try {
        const audit = auditInside(request, () => ({ event: 'auth.2fa', actor: principal.accountId, at: now }));
        const { token } = await verifyTwoFactor(
          deps,
          principal,
          request.body.twoFactorCode,
          request.ip,
          now,
          audit.write,
        );
        audit.log();
        return ok({ token });
      } catch (error) {
        await recordAudit(db, request, 'auth.2fa', 'failure', principal.accountId, now, {
          status: error instanceof AppError ? error.statusCode : 500,
        });
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.resendTwoFactor, {
      tags,
      summary: 'Mail a new 2FA code (replaces the old one)',
      description: '30 seconds apart, at most 5 per 30 minutes.',
      refusals: {
        401: 'The sign-in has ended.',
        429: 'Less than 30 seconds since the last code, or 5 codes in 30 minutes already.',
      },
    }),
    config: pending,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      await resendTwoFactor(db, deps.mail, principal, now);
      await recordAudit(db, request, 'auth.2fa.resend', 'success', principal.accountId, now);
      return ok('A new code has been sent to your email.', null);
    },
  });
};
