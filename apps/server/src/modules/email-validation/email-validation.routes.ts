import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { routeOf } from '../../core/endpoint';
import { audit } from '../../lib/audit';
import { hit } from '../../lib/rate-limit';
import { passwordRequirements } from '../passwords';
import { confirmEmail } from './email-validation.service';

/** The link of the account-created mail (`User/confirm-email`). */
export const emailValidationRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const requirements = passwordRequirements(config);

  app.route({
    ...routeOf(ENDPOINTS.confirmEmail, {
      tags: ['Email validation'],
      summary: 'The link of the account-created mail',
      description: 'Confirms the address, mails the sign-in details, and redirects to `/?p=confirm`.',
      security: [],
    }),
    config: { public: true },
    handler: async (request, reply) => {
      const now = clock.now();
      await hit(db, { key: `confirm-ip:${request.ip}`, max: 30, windowSeconds: 60 }, now);
      const account = await confirmEmail(
        { db, mail: deps.mail, publicUrl: config.PUBLIC_URL, downloadUrl: config.DOWNLOAD_URL, requirements },
        request.query.token,
        now,
      );
      audit(request.log, 'auth.email.confirm', account ? 'success' : 'failure', account?.id ?? 'unknown', now);
      return reply.redirect(account ? '/?p=confirm' : '/?p=confirm-invalid', 303);
    },
  });
};
