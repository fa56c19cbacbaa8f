import type { FastifyRequest } from 'fastify';
import { isLocale, type Locale, LOCALES, SOURCE_LOCALE } from '@portal/contracts/locales';
import Negotiator from 'negotiator';

/**
 * The portal's languages an Accept-Language header accepts, most wanted first ('de-CH, de;q=0.9,
 * en;q=0.5' gives de, en), as negotiator weighs them: a region matches its language, q=0 refuses.
 */
export function acceptedLocales(header: string | undefined): Locale[] {
  if (!header) return [];
  return new Negotiator({ headers: { 'accept-language': header } }).languages([...LOCALES]).filter(isLocale);
}

/**
 * The language of what the server writes for this caller (decision 052): the one the person chose
 * in Settings, else the one their browser asks for, else English.
 */
export function localeOfRequest(request: FastifyRequest, chosen: string | null | undefined): Locale {
  if (isLocale(chosen)) return chosen;
  return acceptedLocales(request.headers['accept-language'])[0] ?? SOURCE_LOCALE;
}

/** The language of mail to an account: the one its owner chose, else English (a mail has no browser). */
export function localeOfAccount(account: { locale: string | null }): Locale {
  return isLocale(account.locale) ? account.locale : 'en';
}
