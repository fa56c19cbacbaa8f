import { bestLocale, type Locale } from '@portal/contracts/locales';

/** The browser's preferred language among the portal's, else English (no catalogue: the lean login page's too). */
export function browserLocale(): Locale {
  return bestLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}
