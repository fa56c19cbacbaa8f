import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import { MFA_MSG } from '@portal/contracts/mfa';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { callerAccount } from '../../core/accounts';
import { principalOf } from '../../core/principal';
import { auditedChange, auditInside } from '../audit';
import {
  addPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  secondFactorOptions,
} from './passkeys.service';
import { finishMfaSetup } from './mfa-policy.service';

const own = { permission: 'self:read', beforeEula: true } as const;
/** Adding a passkey is also the set-up the organisation's MFA policy asks for at sign-in (decision 036). */
const ownOrSetup = { ...own, session: ['full', 'mfa-setup'] } as const;
const pending = { permission: 'self:read', beforeEula: true, session: ['two-factor'] } as const;
const tags = ['Two-factor'];

/**
 * An account's passkeys (decision 037): options and registration, rename and removal, each in the
 * full session of their owner and audited; and the options of a passkey as the second factor of a
 * pending sign-in (the answer goes to `POST /User/validate-2fa` with `method: 'passkey'`).
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const rp = relyingPartyOf(deps.config);

  app.route({
    ...routeOf(ALL_ENDPOINTS.passkeyOptions, {
      tags,
      summary: 'Start adding a passkey',
      description:
        'Answers the options for `navigator.credentials.create()` (as @simplewebauthn/browser takes them): a ' +
        'discoverable credential, user verification preferred, the account’s passkeys excluded. The challenge is ' +
        'bound to this session and answered within 5 minutes, once.',
    }),
    config: ownOrSetup,
    handler: async (request) => {
      const principal = principalOf(request);
      const account = await callerAccount(db, principal.accountId);
      return ok(await registrationOptions(db, rp, account, principal.sessionId, clock.now()));
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.passkeyAdd, {
      tags,
      summary: 'Add a passkey',
      description:
        'With a name and the browser’s answer to the options. The signature, origin and relying party id are ' +
        'checked and the public key kept. The account’s first strong factor, when it has no recovery codes, ' +
        'brings ten, shown this once. In the set-up the MFA policy asks for at sign-in, a passkey ends it: ' +
        '`token` is then the full session it opens.',
      refusals: {
        400: 'The answer does not verify, its challenge was used or has expired, or the name is empty.',
        409: 'This passkey is registered already.',
      },
    }),
    config: ownOrSetup,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const account = await callerAccount(db, principal.accountId);
      let token: string | null = null;
      const audit = auditInside(request, () => ({
        event: 'mfa.passkey.add',
        actor: account.id,
        at: now,
        detail: { name: request.body.name },
      }));
      const added = await addPasskey(db, rp, account, principal.sessionId, request.body, now, async (tx) => {
        await audit.write(tx, undefined);
        token = await finishMfaSetup({ db: tx, sessionPolicy: deps.sessionPolicy }, principal, account, now);
      });
      audit.log();
      return ok(added.recoveryCodes ? MFA_MSG.passkeyAddedWithCodes : MFA_MSG.passkeyAdded, { ...added, token });
    },
  });

  await app.register(passkeyChangeRoutes, { deps });
};

/** Renaming and removing a passkey, and the options of a passkey as second factor. */
const passkeyChangeRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const rp = relyingPartyOf(deps.config);

  app.route({
    ...routeOf(ALL_ENDPOINTS.passkeyRename, {
      tags,
      summary: 'Rename a passkey',
      refusals: { 404: 'No passkey of this account has this id.' },
    }),
    config: own,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const renamed = await auditedChange(
        db,
        request,
        (tx) => renamePasskey(tx, principal.accountId, request.params.id, request.body.name),
        () => ({
          event: 'mfa.passkey.rename',
          actor: principal.accountId,
          at: now,
          detail: { target: request.params.id, name: request.body.name },
        }),
      );
      return ok(MFA_MSG.passkeyRenamed, renamed);
    },
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.passkeyRemove, {
      tags,
      summary: 'Remove a passkey',
      description:
        'One of the account’s own passkeys. With the last strong factor (no passkey and no authenticator app ' +
        'left) the recovery codes go too.',
      refusals: { 404: 'No passkey of this account has this id.' },
    }),
    config: own,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      await auditedChange(
        db,
        request,
        (tx) => removePasskey(tx, principal.accountId, request.params.id),
        () => ({
          event: 'mfa.passkey.remove',
          actor: principal.accountId,
          at: now,
          detail: { target: request.params.id },
        }),
      );
      return ok(MFA_MSG.passkeyRemoved, null);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.passkeyChallenge, {
      tags: ['Sign-in'],
      summary: 'Options to sign in with a passkey as the second factor',
      description:
        'With the pending two-factor token as bearer. Answers the options for `navigator.credentials.get()` with ' +
        'the account’s passkeys allowed; the challenge is bound to this sign-in and answered within 5 minutes, ' +
        'once, to `POST /User/validate-2fa` with `method: "passkey"` and the browser’s answer in `passkey`.',
      refusals: { 400: 'The account has no passkey.', 401: 'The sign-in has ended.' },
    }),
    config: pending,
    handler: async (request) => {
      const principal = principalOf(request);
      return ok(await secondFactorOptions(db, rp, principal.accountId, principal.sessionId, clock.now()));
    },
  });
};
