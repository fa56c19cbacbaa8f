import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { MFA_MSG } from '@portal/contracts/mfa';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { callerAccount } from '../../core/accounts';
import { type Principal, principalOf } from '../../core/principal';
import { hit } from '../../core/rate-limit';
import type { Database } from '../../db/client';
import { type Account } from '../../db/schema';
import { auditInside } from '../audit';
import {
  confirmTotp,
  mfaStatusOf,
  removeWithCode,
  renewRecoveryCodes,
  startTotpSetup,
  withTotpCode,
} from './totp.service';
import { finishMfaSetup } from './mfa-policy.service';

const own = { permission: 'self:read', beforeEula: true } as const;
/** Also open to the set-up the organisation's MFA policy asks for at sign-in (decision 036). */
const ownOrSetup = { ...own, session: ['full', 'mfa-setup'] } as const;
const tags = ['Two-factor'];
/** Tries of a code of the app per account and minute: a 6-digit code is not guessed in time. */
const CODE_TRIES_PER_MINUTE = 6;
const codeRefusals = {
  400: 'The code is not correct, or is not 6 digits.',
  409: 'No authenticator app is set up (or one is set up already, for set-up).',
  429: 'More than 6 codes a minute.',
} as const;

type AuditWrite = (tx: Database) => Promise<void>;
type MfaEvent = 'mfa.totp.enable' | 'mfa.totp.remove' | 'mfa.recovery.renew';

/**
 * A change that takes a current code of the app: rate-limited per account, run with its audit row
 * in the change's transaction, answered with its notice and data.
 */
function codeGuard({ db, clock }: RouteDeps) {
  return <T>(
      event: MfaEvent,
      notice: string,
      run: (account: Account, code: string, now: Date, audit: AuditWrite, principal: Principal) => Promise<T>,
    ) =>
    async (request: FastifyRequest<{ Body: { code: string } }>) => {
      const now = clock.now();
      const principal = principalOf(request);
      const account = await callerAccount(db, principal.accountId);
      await hit(db, { key: `totp:${account.id}`, max: CODE_TRIES_PER_MINUTE, windowSeconds: 60 }, now);
      const audit = auditInside(request, () => ({ event, actor: account.id, at: now }));
      const data = await run(account, request.body.code, now, (tx) => audit.write(tx, undefined), principal);
      audit.log();
      return ok(notice, data);
    };
}

/**
 * An account's authenticator app and recovery codes (decision 035): `GET /User/mfa`, set-up,
 * confirmation with a first code, removal and new recovery codes, each of the last three with a
 * current code of the app. Every change is audited.
 */
export const totpRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, secrets } = deps;

  app.route({
    ...routeOf(ALL_ENDPOINTS.mfaStatus, {
      tags,
      summary: 'The second factors of the signed-in account',
      description: 'Whether an authenticator app is set up, how many recovery codes are unused, and emailed codes.',
    }),
    config: ownOrSetup,
    handler: async (request) => ok(await mfaStatusOf(db, await callerAccount(db, principalOf(request).accountId))),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.totpSetup, {
      tags,
      summary: 'Start setting up an authenticator app',
      description:
        'Answers a new secret (base32) and its `otpauth://` address for a QR code. Nothing changes at sign-in ' +
        'until the first code confirms it; starting again replaces a secret not yet confirmed.',
      refusals: { 409: 'An authenticator app is set up already, or the server has no SECRETS_KEY.' },
    }),
    config: ownOrSetup,
    handler: async (request) => {
      const account = await callerAccount(db, principalOf(request).accountId);
      return ok(await startTotpSetup(db, secrets, account));
    },
  });

  const withCode = codeGuard(deps);

  app.route({
    ...routeOf(ALL_ENDPOINTS.totpConfirm, {
      tags,
      summary: 'Confirm the authenticator app with its first code',
      description:
        'Turns the app on for sign-in and answers ten single-use recovery codes, shown this once. ' +
        'From then on the login asks for a second factor.',
      refusals: codeRefusals,
    }),
    config: ownOrSetup,
    handler: withCode('mfa.totp.enable', MFA_MSG.totpOn, async (account, code, now, audit, principal) => {
      let token: string | null = null;
      const recoveryCodes = await confirmTotp(db, secrets, account, code, now, async (tx) => {
        await audit(tx);
        // The set-up the policy asked for at sign-in ends here, with a full session.
        token = await finishMfaSetup({ db: tx, sessionPolicy: deps.sessionPolicy }, principal, account, now);
      });
      return { recoveryCodes, token };
    }),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.totpRemove, {
      tags,
      summary: 'Remove the authenticator app',
      description:
        'With a current code of the app, or one of its recovery codes (a lost phone). Its recovery codes go with it.',
      refusals: codeRefusals,
    }),
    config: own,
    handler: withCode('mfa.totp.remove', MFA_MSG.totpRemoved, async (account, code, now, audit) => {
      await removeWithCode(db, secrets, account, code, now, audit);
      return null;
    }),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.recoveryCodesRenew, {
      tags,
      summary: 'Make ten new recovery codes',
      description: 'With a current code of the app. The previous codes stop working; the new ones are shown once.',
      refusals: codeRefusals,
    }),
    config: own,
    handler: withCode('mfa.recovery.renew', MFA_MSG.recoveryRenewed, (account, code, now, audit) =>
      withTotpCode(db, secrets, account, code, now, async (tx) => {
        const recoveryCodes = await renewRecoveryCodes(tx, account.id);
        await audit(tx);
        return { recoveryCodes };
      }),
    ),
  });
};
