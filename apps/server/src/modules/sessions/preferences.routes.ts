import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { TIME_ZONE_SETTING_MSG } from '@portal/contracts/settings';
import { setAccountLocale, setAccountTimeZone } from '../../core/accounts';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { localeOfRequest } from '../../lib/i18n/locale';
import { LANGUAGE_CLEARED, LANGUAGE_SAVED } from '../../lib/i18n/messages';
import { currentUser } from './sessions.service';

const tags = ['Sign-in'];

/** The signed-in person's own preferences, kept on the account: `User/time-zone`, `User/language`. */
export const preferenceRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.route({
    ...routeOf(LAZY_ENDPOINTS.setTimeZone, {
      tags,
      summary: 'Choose the time zone times are shown in',
      description:
        'The IANA name of the zone (`Europe/Berlin`) every time on screen and in a PDF is shown in for the ' +
        "signed-in person, or null to follow the browser's (decision 051). Answers the account as `GET User/me` " +
        'does. A preference: not an API key’s, and not in the audit trail.',
      refusals: { 400: 'Not a time zone this server knows by its IANA name.' },
    }),
    config: { permission: 'self:read' },
    handler: async (request) => {
      const principal = principalOf(request);
      const { timeZone } = request.body;
      await setAccountTimeZone(db, principal.accountId, timeZone);
      const user = currentUser(principal);
      return ok(timeZone ? TIME_ZONE_SETTING_MSG.saved : TIME_ZONE_SETTING_MSG.cleared, { ...user, timeZone });
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.setLanguage, {
      tags,
      summary: 'Choose the language of the portal',
      description:
        'One of `en`, `de`, `fr`, `es`, `ja`: the language of the signed-in person’s screens, of the mail sent to ' +
        "them and of the headers of their CSV exports, or null to follow the browser's (decision 052). Answers the " +
        'account as `GET User/me` does. A preference: not an API key’s, and not in the audit trail.',
      refusals: { 400: 'Not a language the portal speaks.' },
    }),
    config: { permission: 'self:read' },
    handler: async (request) => {
      const principal = principalOf(request);
      const { locale } = request.body;
      await setAccountLocale(db, principal.accountId, locale);
      const user = currentUser(principal);
      const said = locale ? LANGUAGE_SAVED[locale] : LANGUAGE_CLEARED[localeOfRequest(request, null)];
      return ok(said, { ...user, locale });
    },
  });
};
