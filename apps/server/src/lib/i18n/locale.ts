import type { FastifyRequest } from 'fastify';
import { bestLocale, isLocale, type Locale } from '@portal/contracts/locales';

/** The languages of an Accept-Language header, most wanted first ('de-CH, de;q=0.9, en;q=0.5'). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language of what the server writes for this caller (decision 052): the one the person chose
 * in Settings, else the one their browser asks for, else English.
 */
export function localeOfRequest(request: FastifyRequest, chosen: string | null | undefined): Locale {
  if (isLocale(chosen)) return chosen;
  return bestLocale(acceptedLanguages(request.headers['accept-language']));
}

/** The language of mail to an account: the one its owner chose, else English (a mail has no browser). */
export function localeOfAccount(account: { locale: string | null }): Locale {
  return isLocale(account.locale) ? account.locale : 'en';
}
