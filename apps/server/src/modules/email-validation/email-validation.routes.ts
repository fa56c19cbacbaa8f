import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { badRequest } from '../../core/errors';
import type { Account } from '../../db/schema';
import { auditInside, recordAudit } from '../audit';
import { hit } from '../../core/rate-limit';
import { passwordRequirements } from '../passwords';
import { CONFIRM_LINK_INVALID, confirmEmail, confirmPageUrl } from './email-validation.service';

const tags = ['Email validation'];

/**
 * The account-created mail's link: `GET User/confirm-email` only leads to the confirmation page,
 * whose button sends `POST User/confirm-email`.
 */
export const emailValidationRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const requirements = passwordRequirements(config);

  app.route({
    ...routeOf(ENDPOINTS.confirmEmailLink, {
      tags,
      summary: 'Open the confirmation page from an older validation mail',
      description:
        'The link of validation mails sent before links opened the confirmation page. Changes nothing: ' +
        'redirects to the page `/?p=confirm-email&token=…`, which confirms with `POST User/confirm-email` ' +
        'when the person presses its button (mail scanners follow links).',
      security: [],
      success: {
        status: 303,
        description: 'To the confirmation page, which carries the token.',
        headers: { Location: 'The confirmation page: `/?p=confirm-email&token=…`.' },
      },
    }),
    config: { public: true },
    handler: async (request, reply) => {
      const page = new URL(confirmPageUrl(config.PUBLIC_URL, request.query.token));
      return reply.redirect(`${page.pathname}${page.search}`, 303);
    },
  });

  app.route({
    ...routeOf(ENDPOINTS.confirmEmail, {
      tags,
      summary: 'Confirm an email address',
      description:
        'With the token of the account-created mail; single use. Confirms the address and mails the sign-in ' +
        'details (a one-time password).',
      security: [],
      refusals: {
        400: 'The link is unknown, used or expired.',
        429: 'More than RATE_LIMIT_PER_ADDRESS (default 30) confirmations a minute from this address.',
      },
    }),
    config: { public: true },
    handler: async (request) => {
      const now = clock.now();
      await hit(db, { key: `confirm-ip:${request.ip}`, max: config.RATE_LIMIT_PER_ADDRESS, windowSeconds: 60 }, now);
      const audit = auditInside(request, (account: Account) => ({
        event: 'auth.email.confirm',
        actor: account.id,
        at: now,
      }));
      const account = await confirmEmail(
        { db, mail: deps.mail, publicUrl: config.PUBLIC_URL, downloadUrl: config.DOWNLOAD_URL, requirements },
        request.body.token,
        now,
        audit.write,
      );
      if (!account) {
        await recordAudit(db, request, 'auth.email.confirm', 'failure', 'unknown', now);
        throw badRequest(CONFIRM_LINK_INVALID);
      }
      audit.log();
      return ok('Your email address has been validated.', null);
    },
  });
};
