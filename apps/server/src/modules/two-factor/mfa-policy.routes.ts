import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { MFA_MSG } from '@portal/contracts/mfa';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { forbidden } from '../../core/errors';
import { principalOf } from '../../core/principal';
import { auditedChange } from '../audit';
import { mfaPolicyStatus, setMfaPolicy } from './mfa-policy.service';

const manage = { permission: 'organisation-security:manage' } as const;
const tags = ['Two-factor'];

/** The organisation's MFA policy (decision 036): read by its Admins, set by the one at the top. */
export const mfaPolicyRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ALL_ENDPOINTS.mfaPolicy, {
      tags,
      summary: "The organisation's MFA policy",
      description:
        '`optional`, `required` (any second factor) or `phishing-resistant` (a passkey, or single sign-on whose ' +
        'provider did MFA), whether the caller may change it (the Admin at the top of the organisation), and how ' +
        'many active people of the organisation lack what it asks: they set a factor up at their next sign-in.',
    }),
    config: manage,
    handler: async (request) => ok(await mfaPolicyStatus(db, principalOf(request))),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.setMfaPolicy, {
      tags,
      summary: "Set the organisation's MFA policy",
      description:
        'From the next sign-in on, a person whose factors fall short is led through setting one up before ' +
        'reaching anything else. Sessions already open stay open. Audited.',
      refusals: { 403: 'The caller is not the Admin at the top of its organisation.' },
    }),
    config: manage,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const before = await mfaPolicyStatus(db, principal);
      if (!before.canChange) throw forbidden(MFA_MSG.policyTopAdminOnly);
      const { policy } = request.body;
      await auditedChange(
        db,
        request,
        (tx) => setMfaPolicy(tx, principal.accountId, policy, principal.accountId, now),
        () => ({
          event: 'mfa.policy',
          actor: principal.accountId,
          at: now,
          detail: { from: before.policy, to: policy },
        }),
      );
      return ok(MFA_MSG.policySaved, await mfaPolicyStatus(db, principal));
    },
  });
};
