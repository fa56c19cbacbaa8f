import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { hit } from '../../core/rate-limit';
import { passwordlessOptions, relyingPartyOf } from '../two-factor';
import { auditedSignIn } from './audited-sign-in';
import { passkeyLogin } from './sessions.service';

const tags = ['Sign-in'];

/** Signing in with a passkey alone (decision 037): `User/passkey/login-options` and `User/passkey/login`. */
export const passkeyLoginRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const attemptsPerMinute = deps.config.RATE_LIMIT_PER_ADDRESS;

  app.route({
    ...routeOf(ENDPOINTS.passkeyLoginOptions, {
      tags,
      summary: 'Options to sign in with a passkey alone',
      description:
        'Answers the options for `navigator.credentials.get()` with no credentials listed (any discoverable ' +
        'passkey of this portal, user verification required) and the id of their challenge, answered within ' +
        '5 minutes, once, to `POST /User/passkey/login`. RATE_LIMIT_PER_ADDRESS a minute per address.',
      security: [],
      refusals: { 429: 'RATE_LIMIT_PER_ADDRESS requests a minute from this address.' },
    }),
    config: { public: true },
    handler: async (request) => {
      const now = clock.now();
      await hit(db, { key: `passkey-options-ip:${request.ip}`, max: attemptsPerMinute, windowSeconds: 60 }, now);
      return ok(await passwordlessOptions(db, relyingPartyOf(deps.config), now));
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.passkeyLogin, {
      tags,
      summary: 'Sign in with a passkey alone',
      description:
        'With the challenge id of `POST /User/passkey/login-options` and the browser’s answer. A passkey that ' +
        'verified its person (PIN, fingerprint, face) is both factors: the answer is the login’s, with a full ' +
        'session, or the forced password change first. The attempts per address count with the login’s.',
      security: [],
      refusals: {
        400: 'The passkey is not registered here, its answer does not verify, or the challenge was used or has expired.',
        403: 'The account is deactivated.',
        429: 'RATE_LIMIT_PER_ADDRESS attempts a minute from this address.',
      },
    }),
    config: { public: true },
    handler: async (request) => {
      const now = clock.now();
      return ok(
        await auditedSignIn(db, request, now, { method: 'passkey', subject: 'passkey' }, (write) =>
          passkeyLogin(deps, request.body, { ip: request.ip, attemptsPerMinute }, now, write),
        ),
      );
    },
  });
};
