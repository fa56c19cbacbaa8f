import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '@portal/contracts/locales';
import { messages as english } from '../locales/signin/en.po';
import { browserLocale } from './browser-locale';

type Catalogue = () => Promise<{ messages: Messages }>;

/** The sign-in area's other languages: fetched only by a browser that asks for one. */
const OTHERS: Record<Exclude<Locale, 'en'>, Catalogue> = {
  de: () => import('../locales/signin/de.po'),
  fr: () => import('../locales/signin/fr.po'),
  es: () => import('../locales/signin/es.po'),
  ja: () => import('../locales/signin/ja.po'),
};

/**
 * The lean login page's language (decision 052): the browser's, English by default. Its messages
 * are the sign-in area's only, not the shell's: English comes with the page, another language is
 * fetched before the page first renders (no flash of English), and `<html lang>` follows. Offline,
 * or when that file cannot arrive, the page stays English.
 */
export async function loadSignInMessages(locale: Locale = browserLocale()): Promise<Locale> {
  i18n.load('en', english);
  let shown: Locale = 'en';
  if (locale !== 'en') {
    try {
      i18n.load(locale, (await OTHERS[locale]()).messages);
      shown = locale;
    } catch {
      // The page in English rather than no page.
    }
  }
  i18n.activate(shown);
  document.documentElement.lang = shown;
  return shown;
}
