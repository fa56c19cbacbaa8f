import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { FORECAST_LIMITS } from '@portal/contracts/forecast';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { forecast, forecastOptions } from './forecast.service';

const tags = ['License forecast'];

/** The license forecast before a job (decision 028): reads only, changes nothing. */
export const forecastRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(ALL_ENDPOINTS.forecastOptions, {
      tags,
      summary: 'List the pools and products a forecast can name',
      description:
        "The caller's own Default pool and the shared pool it is a member of (`drawsFrom` marks the one its " +
        'migrations draw from, listed first), and the product catalogue.',
    }),
    config: { permission: 'forecast:read' },
    handler: async (request) => ok(await forecastOptions(db, principalOf(request))),
  });

  app.route({
    ...routeOf(ALL_ENDPOINTS.forecast, {
      tags,
      summary: 'Forecast whether a pool covers a migration',
      description:
        'Mailboxes per product, typed (`items`) and/or as the text of a CSV file (`csv`: a header row naming ' +
        '`mailbox` and `product`, then one mailbox a row; at most ' +
        `${FORECAST_LIMITS.maxCsvRows} rows and ${FORECAST_LIMITS.maxCsvBytes} bytes). ` +
        'Per product: available units, units in transit (held by jobs in progress), units of lots that expire ' +
        'on or before `plannedDate` (today when absent) or start after it, which are not counted, and whether ' +
        'what is left covers the mailboxes (one unit a mailbox). Read in one snapshot; nothing is written.',
      refusals: {
        400: 'Bad input: a count, an unknown product, a planned date in the past, or CSV rows (each named by its row number).',
        404: 'The pool is not one the caller draws from (its own Default pool or the shared pool it belongs to).',
      },
    }),
    // The CSV travels inside the JSON body: room for the largest file allowed, escaped.
    bodyLimit: 3 * FORECAST_LIMITS.maxCsvBytes,
    config: { permission: 'forecast:read' },
    handler: async (request) => ok(await forecast(db, principalOf(request), request.body, clock.now())),
  });
};
