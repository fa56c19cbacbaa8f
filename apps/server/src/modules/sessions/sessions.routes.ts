import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { normalizeEmail } from '../../core/email';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { revokeSession } from '../../core/session';
import { auditedChange } from '../audit';
import { auditedSignIn } from './audited-sign-in';
import { currentUser, login } from './sessions.service';
import { passkeyLoginRoutes } from './passkey-login.routes';
import { preferenceRoutes } from './preferences.routes';

const tags = ['Sign-in'];
const LOGIN_DESCRIPTION =
  'Answers a full session token, or a pending token that opens only the forced password change ' +
  '(`requirePasswordChange`), the 2FA calls (`requireTwoFactor`) or the set-up of a second factor that the ' +
  "organisation's MFA policy asks for (`requireMfaSetup`, with `mfaSetupMethods`). Limited to 10 failures per " +
  'email per 15 minutes and RATE_LIMIT_PER_ADDRESS (default 30) attempts per minute per address (429 with Retry-After).';

/** Sign-in and the current session: `User/login`, `me`, `logout`. */
export const signInRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const attemptsPerMinute = deps.config.RATE_LIMIT_PER_ADDRESS;

  app.route({
    ...routeOf(ENDPOINTS.login, {
      tags,
      summary: 'Sign in with email and password',
      description: LOGIN_DESCRIPTION,
      security: [],
      refusals: {
        400: 'The email or password is not correct (the same answer for both), or the password has expired.',
        403: 'The account is deactivated, or its organisation enforces single sign-on (decision 038) and it is not the break-glass account.',
        429: 'Past 10 failures for this email in 15 minutes, or RATE_LIMIT_PER_ADDRESS attempts a minute from this address.',
      },
    }),
    config: { public: true },
    handler: async (request) => {
      const now = clock.now();
      const subject = normalizeEmail(request.body.email);
      return ok(
        await auditedSignIn(db, request, now, { subject }, (write) =>
          login(deps, request.body, { ip: request.ip, attemptsPerMinute }, now, write),
        ),
      );
    },
  });

  await app.register(passkeyLoginRoutes, { deps });

  app.route({
    ...routeOf(ENDPOINTS.me, { tags, summary: 'Read the signed-in account' }),
    config: { permission: 'self:read', beforeEula: true },
    handler: async (request) => ok(currentUser(principalOf(request))),
  });

  await app.register(preferenceRoutes, { deps });

  app.route({
    ...routeOf(ENDPOINTS.logout, { tags, summary: 'End this session' }),
    config: {
      permission: 'self:read',
      beforeEula: true,
      session: ['full', 'two-factor', 'password-change', 'mfa-setup'],
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      await auditedChange(
        db,
        request,
        (tx) => revokeSession(tx, principal.sessionId, now),
        () => ({ event: 'auth.logout', actor: principal.accountId, at: now }),
      );
      return ok(null);
    },
  });
};
