import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { auditedChange } from '../audit';
import { readAlertSettings, saveAlertSettings } from './alerts.settings';

const tags = ['Alerts'];

/** An Admin's expiry and low-stock alert settings (decision 027): `GET` and `PUT /Alerts/settings`. */
export const alertsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const defaultWindow = deps.config.ALERT_EXPIRY_DAYS;

  app.route({
    ...routeOf(ALL_ENDPOINTS.alertSettings, {
      tags,
      summary: 'Read the caller’s alert settings',
      description:
        'The daily alert mail names the lots of the caller’s pools (its own and the shared pools it owns) that expire ' +
        'within expiryWindowDays, and the products whose available units there fall under their threshold. Every ' +
        'product of the catalogue is listed; 0 means no threshold. Until the Admin saves a window, it is the ' +
        'server’s default (ALERT_EXPIRY_DAYS) and expiryWindowIsDefault is true.',
    }),
    config: { permission: 'alerts:manage' },
    handler: async (request) => ok(await readAlertSettings(db, principalOf(request).accountId, defaultWindow)),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.updateAlertSettings, {
      tags,
      summary: 'Replace the caller’s alert settings',
      description:
        'The expiry window (1 to 365 days) and the thresholds (whole numbers, 0 or more; 0 or left out means ' +
        'none) replace the saved ones at once. Answers the settings as saved.',
      refusals: { 400: 'A window or threshold out of range, a product twice, or a product not in the catalogue.' },
    }),
    config: { permission: 'alerts:manage' },
    handler: async (request) => {
      const { accountId } = principalOf(request);
      await auditedChange(
        db,
        request,
        (tx) => saveAlertSettings(tx, accountId, request.body),
        () => ({
          event: 'alert.settings',
          actor: accountId,
          at: deps.clock.now(),
          detail: {
            expiryWindowDays: request.body.expiryWindowDays,
            thresholds: request.body.thresholds.filter((t) => t.threshold > 0).length,
          },
        }),
      );
      return ok('Alert settings saved.', await readAlertSettings(db, accountId, defaultWindow));
    },
  });
};
