import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { AppError, unauthorized } from '../../core/errors';
import { principalOf } from '../../core/principal';
import { auditInside, recordAudit } from '../audit';
import { hashToken } from '../../lib/tokens';
import type { Database } from '../../db/client';
import type { Account } from '../../db/schema';
import { recoveryCodeUsedMail } from '../../lib/mail-templates';
import { localeOfAccount } from '../../lib/i18n/locale';
import { resendTwoFactor, verifyTwoFactor } from './two-factor.service';
import { mfaStatusOf } from './totp.service';
import { totpRoutes } from './totp.routes';
import { mfaPolicyRoutes } from './mfa-policy.routes';
import { passkeyRoutes } from './passkeys.routes';

const pending = { permission: 'self:read', beforeEula: true, session: ['two-factor'] } as const;
const tags = ['Sign-in'];
const VALIDATE_DESCRIPTION =
  'With the pending two-factor token as bearer. `method` is one of the `twoFactorMethods` the login ' +
  'answered: `email` (the default: the emailed 7-character code), `totp` (6 digits of the authenticator ' +
  'app, within one 30-second step of drift, each code once), `recovery` (a single-use recovery code; its ' +
  "owner is mailed) or `passkey` (the browser's answer, in `passkey`, to the options of " +
  '`POST /User/passkey/challenge`). 5 wrong codes of any method end the sign-in (resends do not reset the count); 6 tries ' +
  'per minute per account and 20 per client address.';

/** The second step of a 2FA sign-in: `User/validate-2fa` and `User/resend-2fa`. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ENDPOINTS.validateTwoFactor, {
      tags,
      summary: 'Complete sign-in with a second factor',
      description: VALIDATE_DESCRIPTION,
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
        const { method, passkey, twoFactorCode } = request.body;
        const audit = auditInside(request, () => ({
          event: 'auth.2fa',
          actor: principal.accountId,
          at: now,
          detail: { method },
        }));
        // The audit row, and for a recovery code its owner's mail, commit with the new session. A
        // passkey's answer travels as its JSON.
        const { token, requireMfaSetup, mfaSetupMethods } = await verifyTwoFactor(
          deps,
          principal,
          method === 'passkey' ? JSON.stringify(passkey ?? null) : (twoFactorCode ?? ''),
          request.ip,
          now,
          async (tx, account) => {
            await audit.write(tx, account);
            if (method === 'recovery') await mailRecoveryUse(tx, deps, account);
          },
          method,
        );
        audit.log();
        return ok({ token, requireMfaSetup, mfaSetupMethods });
      } catch (error) {
        await recordAudit(db, request, 'auth.2fa', 'failure', principal.accountId, now, {
          status: error instanceof AppError ? error.statusCode : 500,
          method: request.body.method,
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
        400: 'The account does not use emailed codes.',
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

  await app.register(totpRoutes, { deps });
  await app.register(mfaPolicyRoutes, { deps });
  await app.register(passkeyRoutes, { deps });
};

/** Mails the owner that a recovery code stood in for its app, with how many are left. */
async function mailRecoveryUse(tx: Database, deps: RouteDeps, account: Account): Promise<void> {
  const status = await mfaStatusOf(tx, account);
  await deps.mail.enqueue(recoveryCodeUsedMail(account.email, status.recoveryCodesLeft, localeOfAccount(account)), tx);
}
