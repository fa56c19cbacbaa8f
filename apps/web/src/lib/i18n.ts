import { i18n, type Messages } from '@lingui/core';
import { type Locale, SOURCE_LOCALE } from '@portal/contracts/locales';
import { browserLocale } from './browser-locale';
import { useSyncExternalStore } from 'react';
import { messages as english } from '../locales/en.po';
import { sayMessagesWith } from './said-in-language';

/**
 * The interface's language (docs/decisions/052-interface-languages.md). The shell's messages in
 * English, the source, load with the shell; another language's are fetched when it is first
 * chosen, so a person reading English never downloads them. A lazy screen's messages are an area
 * of their own (lingui.config.ts), loaded with the screen in the language shown, so the shell does
 * not carry them. Every `t` macro reads Lingui's global `i18n`.
 */
i18n.load(SOURCE_LOCALE, english);
i18n.activate(SOURCE_LOCALE);

type Catalogue = () => Promise<{ messages: Messages }>;

/**
 * What the server and the contracts write in English (api-messages/*.ts), their English text the
 * id: fetched with the shell's catalogue for any other language (English needs none), and read by
 * `saidInLanguage`, which shows a message the area does not hold as it came.
 */
const MESSAGES: Record<Exclude<Locale, 'en'>, Catalogue> = {
  de: () => import('../locales/messages/de.po'),
  fr: () => import('../locales/messages/fr.po'),
  es: () => import('../locales/messages/es.po'),
  ja: () => import('../locales/messages/ja.po'),
};
sayMessagesWith((id, values) => (Object.hasOwn(i18n.messages, id) ? i18n._(id, values) : undefined));

const SHELL: Record<Exclude<Locale, 'en'>, Catalogue> = {
  de: () => import('../locales/de.po'),
  fr: () => import('../locales/fr.po'),
  es: () => import('../locales/es.po'),
  ja: () => import('../locales/ja.po'),
};

/** The lazy screens' areas: each a catalogue per language, under src/locales/<area>/. */
const AREAS = {
  settings: {
    en: () => import('../locales/settings/en.po'),
    de: () => import('../locales/settings/de.po'),
    fr: () => import('../locales/settings/fr.po'),
    es: () => import('../locales/settings/es.po'),
    ja: () => import('../locales/settings/ja.po'),
  },
  users: {
    en: () => import('../locales/users/en.po'),
    de: () => import('../locales/users/de.po'),
    fr: () => import('../locales/users/fr.po'),
    es: () => import('../locales/users/es.po'),
    ja: () => import('../locales/users/ja.po'),
  },
  licensing: {
    en: () => import('../locales/licensing/en.po'),
    de: () => import('../locales/licensing/de.po'),
    fr: () => import('../locales/licensing/fr.po'),
    es: () => import('../locales/licensing/es.po'),
    ja: () => import('../locales/licensing/ja.po'),
  },
  lists: {
    en: () => import('../locales/lists/en.po'),
    de: () => import('../locales/lists/de.po'),
    fr: () => import('../locales/lists/fr.po'),
    es: () => import('../locales/lists/es.po'),
    ja: () => import('../locales/lists/ja.po'),
  },
  stock: {
    en: () => import('../locales/stock/en.po'),
    de: () => import('../locales/stock/de.po'),
    fr: () => import('../locales/stock/fr.po'),
    es: () => import('../locales/stock/es.po'),
    ja: () => import('../locales/stock/ja.po'),
  },
  reports: {
    en: () => import('../locales/reports/en.po'),
    de: () => import('../locales/reports/de.po'),
    fr: () => import('../locales/reports/fr.po'),
    es: () => import('../locales/reports/es.po'),
    ja: () => import('../locales/reports/ja.po'),
  },
  integrations: {
    en: () => import('../locales/integrations/en.po'),
    de: () => import('../locales/integrations/de.po'),
    fr: () => import('../locales/integrations/fr.po'),
    es: () => import('../locales/integrations/es.po'),
    ja: () => import('../locales/integrations/ja.po'),
  },
  signin: {
    en: () => import('../locales/signin/en.po'),
    de: () => import('../locales/signin/de.po'),
    fr: () => import('../locales/signin/fr.po'),
    es: () => import('../locales/signin/es.po'),
    ja: () => import('../locales/signin/ja.po'),
  },
  insight: {
    en: () => import('../locales/insight/en.po'),
    de: () => import('../locales/insight/de.po'),
    fr: () => import('../locales/insight/fr.po'),
    es: () => import('../locales/insight/es.po'),
    ja: () => import('../locales/insight/ja.po'),
  },
} satisfies Record<string, Record<Locale, Catalogue>>;
export type Area = keyof typeof AREAS;

/** What is here: `shell:de`, `settings:en`. */
const loaded = new Set<string>([`shell:${SOURCE_LOCALE}`]);
/** The areas a screen shown so far needed: a new language loads them too. */
const used = new Set<Area>();

async function loadOnce(key: string, catalogue: Catalogue, locale: Locale): Promise<void> {
  if (loaded.has(key)) return;
  const { messages } = await catalogue();
  i18n.load(locale, messages);
  loaded.add(key);
}

/** A lazy screen's messages in the language shown: its route awaits this with its code. */
export async function loadArea(area: Area): Promise<void> {
  used.add(area);
  const locale = currentLocale();
  await loadOnce(`${area}:${locale}`, AREAS[area][locale], locale);
}

/** A lazy module fetched with its areas' messages in the language shown: a screen's route, a lazy menu. */
export async function withAreas<T>(load: () => Promise<T>, ...areas: Area[]): Promise<T> {
  const [module] = await Promise.all([load(), ...areas.map(loadArea)]);
  return module;
}

/**
 * Fetches `locale`'s catalogues that are not here yet (the shell's, and every area a screen shown
 * needed, one first needed while these load included) without showing them.
 */
export async function preloadLocale(locale: Locale): Promise<void> {
  const missing = () => [...used].filter((area) => !loaded.has(`${area}:${locale}`));
  if (locale !== 'en') {
    await Promise.all([
      loadOnce(`shell:${locale}`, SHELL[locale], locale),
      loadOnce(`messages:${locale}`, MESSAGES[locale], locale),
    ]);
  }
  for (let areas = missing(); areas.length > 0; areas = missing()) {
    await Promise.all(areas.map((area) => loadOnce(`${area}:${locale}`, AREAS[area][locale], locale)));
  }
}

/** Loads `locale`'s catalogues that are not here yet, then shows the interface in it. */
export async function activateLocale(locale: Locale): Promise<void> {
  await preloadLocale(locale);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
}

/**
 * The pages before sign-in (the login page in the app, forgot and reset password, single sign-on)
 * in the browser's language: its shell and sign-in messages, fetched before they show. The lean
 * login page does the same with its own loader (signin-i18n.ts), without the shell's catalogue.
 */
export async function activateSignIn(): Promise<void> {
  const locale = browserLocale();
  await Promise.all([preloadLocale(locale), loadOnce(`signin:${locale}`, AREAS.signin[locale], locale)]);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
}

function subscribeToLocale(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

/** The language shown: a change of it re-renders what reads it. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeToLocale, currentLocale);
}

export { browserLocale, i18n };
